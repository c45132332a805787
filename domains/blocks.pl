% Blocks world with four operators, as in the classic STRIPS encoding (and
% the 4-operator PDDL domain of the International Planning Competition).
% A hand picks up one block at a time; blocks stand on the table or on one
% other block.
%
% Problems: blocks-1.pl, blocks-2.pl, ... (each names its optimal length).
%
% Fluents (the state):
%   on(X, Y)     block X stands directly on block Y
%   ontable(X)   block X stands on the table
%   clear(X)     nothing stands on X (and the hand does not hold it)
%   holding(X)   the hand holds block X
%   handempty    the hand holds nothing
% There are no static facts: every precondition is a fluent.
%
% pickup/putdown move a block between the table and the hand, unstack/stack
% between another block and the hand. A block in the hand is not clear, so
% stack(X, X) can never apply; the inequality only says so explicitly.

opn(pickup(X),
    [clear(X), ontable(X), handempty],
    [holding(X)],
    [clear(X), ontable(X), handempty]).

opn(putdown(X),
    [holding(X)],
    [clear(X), ontable(X), handempty],
    [holding(X)]).

opn(stack(X, Y),
    [holding(X), clear(Y), X \= Y],
    [on(X, Y), clear(X), handempty],
    [holding(X), clear(Y)]).

opn(unstack(X, Y),
    [on(X, Y), clear(X), handempty],
    [holding(X), clear(Y)],
    [on(X, Y), clear(X), handempty]).
