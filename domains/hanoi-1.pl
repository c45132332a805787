% Hanoi 1: 2 discs from peg p1 to peg p3.
% optimal: 3 steps
init([smaller(d1, d2), smaller(d1, p1), smaller(d1, p2), smaller(d1, p3), smaller(d2, p1),
      smaller(d2, p2), smaller(d2, p3),
      on(d1, d2), on(d2, p1), clear(d1), clear(p2), clear(p3)]).
goal([on(d1, d2), on(d2, p3)]).
