% The red ball is in room a; bring it to room b.
init([door(a, b), door(b, a), at(a), ball(red, a), free]).
goal([ball(red, b)]).
