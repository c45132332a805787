% planlog's planning theory, part 2, plain variant: the original planner's
% state representation. A state is the sorted list of every fact that holds
% (static map facts included); an operator applies when its precondition
% list is a subset of the state (backtracking member/2 binds its variables),
% and its successor is the state minus the delete list, plus the add list.
%
% The domain (opn/4 facts, or opn/5 with a cost, ignored here) and the
% problem (init/1, goal/1) are consulted next to this file.

theory_setup.

initial_state(State) :-
    init(Facts),
    sort(Facts, State).

goal_holds(State) :-
    goal(Goal),
    subset(Goal, State).

% The depth-first search backtracks into successor/3 directly, as the original.
next_state(State, Op, Next) :-
    successor(State, Op, Next).

successor(State, Op, Next) :-
    operator(Op, Pre, Add, Del),
    applicable(Pre, State),
    subtract(State, Del, Kept),
    append(Add, Kept, Next0),
    sort(Next0, Next).

% The domain's operators in clause order: opn/4, then opn/5 (either may be absent).
operator(Op, Pre, Add, Del) :-
    current_predicate(opn/4),
    opn(Op, Pre, Add, Del).
operator(Op, Pre, Add, Del) :-
    current_predicate(opn/5),
    opn(Op, Pre, Add, Del, _).

% The positive preconditions are matched against the state; inequalities
% A \= B are evaluated once the match has bound their variables.
applicable(Pre, State) :-
    split_pre(Pre, Positive, Different),
    subset(Positive, State),
    all_different(Different).

split_pre([], [], []).
split_pre([P|Ps], Positive, [P|Different]) :-
    P = (_ \= _), !,
    split_pre(Ps, Positive, Different).
split_pre([P|Ps], [P|Positive], Different) :-
    split_pre(Ps, Positive, Different).

all_different([]).
all_different([A \= B|Ds]) :-
    A \= B,
    all_different(Ds).
