% Eight-puzzle 1: one slide. Start:
%     1 2 3
%     4 5 6
%     7 . 8
% optimal: 1 step
init([adj(r1c1, r1c2), adj(r1c2, r1c1), adj(r1c1, r2c1), adj(r2c1, r1c1),
      adj(r1c2, r1c3), adj(r1c3, r1c2), adj(r1c2, r2c2), adj(r2c2, r1c2),
      adj(r1c3, r2c3), adj(r2c3, r1c3), adj(r2c1, r2c2), adj(r2c2, r2c1),
      adj(r2c1, r3c1), adj(r3c1, r2c1), adj(r2c2, r2c3), adj(r2c3, r2c2),
      adj(r2c2, r3c2), adj(r3c2, r2c2), adj(r2c3, r3c3), adj(r3c3, r2c3),
      adj(r3c1, r3c2), adj(r3c2, r3c1), adj(r3c2, r3c3), adj(r3c3, r3c2),
      at(t1, r1c1), at(t2, r1c2), at(t3, r1c3), at(t4, r2c1),
      at(t5, r2c2), at(t6, r2c3), at(t7, r3c1), at(t8, r3c3),
      blank(r3c2)]).
goal([at(t1, r1c1), at(t2, r1c2), at(t3, r1c3), at(t4, r2c1),
      at(t5, r2c2), at(t6, r2c3), at(t7, r3c1), at(t8, r3c2)]).
