% Blocks 2: the Sussman anomaly. c lies on a; a and b on the table.
% Goal: a on b on c. Reaching the two goals one after the other fails:
% either subgoal first must be undone for the other.
% optimal: 6 steps
init([on(c, a), ontable(a), ontable(b), clear(c), clear(b), handempty]).
goal([on(a, b), on(b, c)]).
