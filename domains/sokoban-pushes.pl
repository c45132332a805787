% Sokoban with action costs: the same eight operators as sokoban.pl, written
% opn(Name, Preconditions, AddList, DeleteList, Cost). Walking costs 0 and a
% push costs 1, so the cheapest plan is the one with the fewest pushes
% (ucs, or astar with an admissible heuristic, finds it; bfs and iddfs still
% minimise the number of steps).
%
% Cells xXyY, static top/2 and right/2, fluents sokoban/1, box/1, empty/1:
% see sokoban.pl.

opn(moveU(From, To),
    [top(To, From), sokoban(From), empty(To)],
    [sokoban(To), empty(From)],
    [sokoban(From), empty(To)],
    0).

opn(moveD(From, To),
    [top(From, To), sokoban(From), empty(To)],
    [sokoban(To), empty(From)],
    [sokoban(From), empty(To)],
    0).

opn(moveL(From, To),
    [right(From, To), sokoban(From), empty(To)],
    [sokoban(To), empty(From)],
    [sokoban(From), empty(To)],
    0).

opn(moveR(From, To),
    [right(To, From), sokoban(From), empty(To)],
    [sokoban(To), empty(From)],
    [sokoban(From), empty(To)],
    0).

opn(pushU(Sok, From, To),
    [top(To, From), top(From, Sok), sokoban(Sok), box(From), empty(To)],
    [sokoban(From), box(To), empty(Sok)],
    [sokoban(Sok), box(From), empty(To)],
    1).

opn(pushD(Sok, From, To),
    [top(From, To), top(Sok, From), sokoban(Sok), box(From), empty(To)],
    [sokoban(From), box(To), empty(Sok)],
    [sokoban(Sok), box(From), empty(To)],
    1).

opn(pushL(Sok, From, To),
    [right(From, To), right(Sok, From), sokoban(Sok), box(From), empty(To)],
    [sokoban(From), box(To), empty(Sok)],
    [sokoban(Sok), box(From), empty(To)],
    1).

opn(pushR(Sok, From, To),
    [right(To, From), right(From, Sok), sokoban(Sok), box(From), empty(To)],
    [sokoban(From), box(To), empty(Sok)],
    [sokoban(Sok), box(From), empty(To)],
    1).
