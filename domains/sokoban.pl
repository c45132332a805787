% Sokoban as a STRIPS domain: opn(Name, Preconditions, AddList, DeleteList).
%
% Cells are named xXyY: X is the column, Y the row, x0y0 the top-left corner
% of the level (for example x3y1). Walls are not cells.
%
% Static facts (the map):
%   top(A, B)    cell A is directly above cell B
%   right(A, B)  cell A is directly to the right of cell B
% Fluents (the state):
%   sokoban(C)   the player stands on C
%   box(C)       a box is on C
%   empty(C)     C is a floor cell with neither the player nor a box
%
% moveX(From, To) walks the player from From to the neighbouring cell To
% (X = U up, D down, L left, R right). pushX(Sok, From, To) walks the
% player from Sok onto From and pushes the box on From onto To; the three
% cells are in a line. Static preconditions come first.

opn(moveU(From, To),
    [top(To, From), sokoban(From), empty(To)],
    [sokoban(To), empty(From)],
    [sokoban(From), empty(To)]).

opn(moveD(From, To),
    [top(From, To), sokoban(From), empty(To)],
    [sokoban(To), empty(From)],
    [sokoban(From), empty(To)]).

opn(moveL(From, To),
    [right(From, To), sokoban(From), empty(To)],
    [sokoban(To), empty(From)],
    [sokoban(From), empty(To)]).

opn(moveR(From, To),
    [right(To, From), sokoban(From), empty(To)],
    [sokoban(To), empty(From)],
    [sokoban(From), empty(To)]).

opn(pushU(Sok, From, To),
    [top(To, From), top(From, Sok), sokoban(Sok), box(From), empty(To)],
    [sokoban(From), box(To), empty(Sok)],
    [sokoban(Sok), box(From), empty(To)]).

opn(pushD(Sok, From, To),
    [top(From, To), top(Sok, From), sokoban(Sok), box(From), empty(To)],
    [sokoban(From), box(To), empty(Sok)],
    [sokoban(Sok), box(From), empty(To)]).

opn(pushL(Sok, From, To),
    [right(From, To), right(Sok, From), sokoban(Sok), box(From), empty(To)],
    [sokoban(From), box(To), empty(Sok)],
    [sokoban(Sok), box(From), empty(To)]).

opn(pushR(Sok, From, To),
    [right(To, From), right(From, Sok), sokoban(Sok), box(From), empty(To)],
    [sokoban(From), box(To), empty(Sok)],
    [sokoban(Sok), box(From), empty(To)]).
