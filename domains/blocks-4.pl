% Blocks 4: two towers, a-b-c and d-e (top first), become the one tower
% c-e-a-d-b.
% optimal: 12 steps
init([on(a, b), on(b, c), ontable(c), on(d, e), ontable(e), clear(a), clear(d), handempty]).
goal([on(c, e), on(e, a), on(a, d), on(d, b)]).
