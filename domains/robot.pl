% A robot carries balls between rooms (the README's first-domain tutorial).
%
% Static facts:  door(From, To)  — the robot can go from room From to room To.
% Fluents:       at(Room)        — where the robot is;
%                ball(B, Room)   — ball B lies in Room;
%                holding(B)      — the robot carries ball B;
%                free            — the robot's hand is empty.
opn(move(From, To), [at(From), door(From, To)], [at(To)], [at(From)]).
opn(pick(B, R), [at(R), ball(B, R), free], [holding(B)], [ball(B, R), free]).
opn(drop(B, R), [at(R), holding(B)], [ball(B, R), free], [holding(B)]).
