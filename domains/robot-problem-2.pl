% Four rooms in a row, a - b - c - d. The robot stands in b next to the red
% ball; the blue ball is in d. Bring the red ball to a and the blue one to b.
% optimal: 9 steps
init([door(a, b), door(b, a), door(b, c), door(c, b), door(c, d), door(d, c),
      at(b), ball(red, b), ball(blue, d), free]).
goal([ball(red, a), ball(blue, b)]).
