% Blocks 3: turn the tower a-b-c-d (a on top) upside down.
% optimal: 8 steps
init([on(a, b), on(b, c), on(c, d), ontable(d), clear(a), handempty]).
goal([on(d, c), on(c, b), on(b, a)]).
