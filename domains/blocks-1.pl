% Blocks 1: three blocks on the table; put a on b.
% optimal: 2 steps
init([ontable(a), ontable(b), ontable(c), clear(a), clear(b), clear(c), handempty]).
goal([on(a, b)]).
