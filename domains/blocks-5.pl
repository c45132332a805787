% Blocks 5: six blocks in two towers, b-a-e and c-f-d (top first), become
% the one tower a-b-c-d-e-f.
% optimal: 18 steps
init([on(b, a), on(a, e), ontable(e), on(c, f), on(f, d), ontable(d),
      clear(b), clear(c), handempty]).
goal([on(a, b), on(b, c), on(c, d), on(d, e), on(e, f)]).
