% planlog's planning theory, part 1: the search (the original planner's design,
% ../../shared/docs/seed-prolog-planner.md). Portable: tau-prolog and
% SWI-Prolog.
%
% A theory variant (plain.pl or fast.pl) supplies the state representation:
%   theory_setup        prepares the loaded domain (opn/4 facts) and problem
%                       (init/1, goal/1) once, before searching;
%   initial_state(-S)   the initial state;
%   goal_holds(+S)      the goal is a subset of state S;
%   successor(+S, -Op, -S1)
%                       on backtracking, every operator applicable in S (in
%                       operator-clause order) and the state it leads to;
%   next_state(+S, -Op, -S1)
%                       the same, as the depth-first search takes them
%                       (plain.pl: successor/3 itself, as in the original).
%
% Entry points:
%   iddfs_event(+Cycle, +MaxNodes, -Event)
%       iterative deepening, one answer per iteration: iteration(Stats) for
%       an iteration that found no plan, then unsolvable(Stats) or
%       solved(Plan, Stats); Stats = it(Bound, Expanded, Generated, MaxDepth).
%   iddfs(+Cycle, -Result, -Iterations)
%       the same, all at once: Result = solved(Plan) or unsolvable.
%   bfs(+MaxNodes, -Result, -Stats)
%       breadth-first with a closed set; Stats = bfs(Expanded, Generated,
%       Duplicates, Stored).
% Cycle is action (the original's rule: a ground operator at most once in a
% plan) or state (no state twice on the current path). MaxNodes bounds the
% expanded nodes (a number, or none); passing it throws planlog_limit(nodes).

:- dynamic(maxLength/1).
:- dynamic(planlog_count/2).
:- dynamic(planlog_total/1).

% --- node counters of the current iteration (assert/retract: portable) ---

counters_reset :-
    retractall(planlog_count(_, _)),
    assertz(planlog_count(expanded, 0)),
    assertz(planlog_count(generated, 0)),
    retractall(maxLength(_)),
    assertz(maxLength(0)).

count_up(Key) :-
    retract(planlog_count(Key, N)), !,
    N1 is N + 1,
    assertz(planlog_count(Key, N1)).

% The original's record of the longest partial plan seen.
note_length(Len) :-
    maxLength(Max),
    (   Len > Max
    ->  retract(maxLength(Max)), assertz(maxLength(Len))
    ;   true
    ).

% Counts an expansion; throws planlog_limit(nodes) when the budget is used up.
expand_node(MaxNodes) :-
    count_up(expanded),
    (   MaxNodes == none
    ->  true
    ;   planlog_total(Before),
        planlog_count(expanded, Here),
        Before + Here > MaxNodes
    ->  throw(planlog_limit(nodes))
    ;   true
    ).

% --- depth-first planning with a bound ---

% solve(+State, +Path, +SoFar, +Depth, +Bound, +Cycle, +MaxNodes, -Plan)
% Plan leads from State to a goal state in at most Bound - Depth steps.
% Path: the states on the current path (State first); SoFar: the operators
% applied so far, last first. The goal is tested on every node visited; a
% node above the bound is expanded.
solve(State, _, _, _, _, _, _, []) :-
    goal_holds(State).
solve(State, Path, SoFar, Depth, Bound, Cycle, MaxNodes, [Op|Plan]) :-
    Depth < Bound,
    expand_node(MaxNodes),
    next_state(State, Op, Next),
    descend(Next, Op, Path, SoFar, Depth, Bound, Cycle, MaxNodes, Plan).

% (A separate clause: tau-prolog spends time in every goal of a clause body
% in proportion to the steps the body has taken so far, so nothing but one
% call follows the long successor computation.)
descend(Next, Op, Path, SoFar, Depth, Bound, Cycle, MaxNodes, Plan) :-
    cycle_ok(Cycle, Op, Next, SoFar, Path),
    count_up(generated),
    Depth1 is Depth + 1,
    note_length(Depth1),
    solve(Next, [Next|Path], [Op|SoFar], Depth1, Bound, Cycle, MaxNodes, Plan).

% The original's rule: no ground operator twice in one plan.
cycle_ok(action, Op, _, SoFar, _) :-
    \+ member(Op, SoFar).
% The sound rule: no state twice on the current path (states are sorted sets).
cycle_ok(state, _, Next, _, Path) :-
    \+ memberchk(Next, Path).

% --- iterative deepening with max-length termination ---

% One iteration with bound Bound: Outcome = solved(Plan) or failed.
iteration(Bound, Cycle, MaxNodes, Outcome, it(Bound, Expanded, Generated, MaxDepth)) :-
    counters_reset,
    initial_state(S0),
    (   solve(S0, [S0], [], 0, Bound, Cycle, MaxNodes, Plan)
    ->  Outcome = solved(Plan)
    ;   Outcome = failed
    ),
    planlog_count(expanded, Expanded),
    planlog_count(generated, Generated),
    maxLength(MaxDepth).

nat_from(N, N).
nat_from(N, M) :-
    N1 is N + 1,
    nat_from(N1, M).

iddfs_event(Cycle, MaxNodes, Event) :-
    retractall(planlog_total(_)),
    assertz(planlog_total(0)),
    nat_from(1, Bound),
    iteration(Bound, Cycle, MaxNodes, Outcome, Stats),
    Stats = it(_, Expanded, _, MaxDepth),
    retract(planlog_total(T0)),
    T1 is T0 + Expanded,
    assertz(planlog_total(T1)),
    (   Outcome = solved(Plan)
    ->  !, Event = solved(Plan, Stats)
    ;   MaxDepth < Bound
    ->  !, ( Event = iteration(Stats) ; Event = unsolvable(Stats) )
    ;   Event = iteration(Stats)
    ).

iddfs(Cycle, Result, Iterations) :-
    findall(E, iddfs_event(Cycle, none, E), Events),
    iddfs_summary(Events, Result, Iterations).

iddfs_summary([solved(Plan, S)], solved(Plan), [S]).
iddfs_summary([unsolvable(_)], unsolvable, []).
iddfs_summary([iteration(S)|Es], Result, [S|Ss]) :-
    iddfs_summary(Es, Result, Ss).

% --- breadth-first search with a closed set ---

% The closed set is a binary search tree of states ordered by compare/3.
tree_add(Key, nil, t(Key, nil, nil), true).
tree_add(Key, t(K, L, R), Tree, New) :-
    compare(Order, Key, K),
    tree_add_(Order, Key, K, L, R, Tree, New).

tree_add_(=, _, K, L, R, t(K, L, R), false).
tree_add_(<, Key, K, L, R, t(K, L1, R), New) :-
    tree_add(Key, L, L1, New).
tree_add_(>, Key, K, L, R, t(K, L, R1), New) :-
    tree_add(Key, R, R1, New).

bfs(MaxNodes, Result, Stats) :-
    initial_state(S0),
    (   goal_holds(S0)
    ->  Result = solved([]), Stats = bfs(0, 0, 0, 1)
    ;   tree_add(S0, nil, Closed, _),
        bfs_layers([node(S0, [])], MaxNodes, Closed, c(0, 0, 0, 1), Result, Stats)
    ).

% bfs_layers(+Layer, +MaxNodes, +Closed, +Counts, -Result, -Stats)
bfs_layers([], _, _, c(E, G, D, N), unsolvable, bfs(E, G, D, N)).
bfs_layers([N|Ns], MaxNodes, Closed, C0, Result, Stats) :-
    bfs_layer([N|Ns], MaxNodes, Closed, C0, [], Outcome),
    (   Outcome = found(Plan, C)
    ->  Result = solved(Plan), C = c(E, G, D, S), Stats = bfs(E, G, D, S)
    ;   Outcome = next(Closed1, C1, RevNext),
        reverse(RevNext, Next),
        bfs_layers(Next, MaxNodes, Closed1, C1, Result, Stats)
    ).

bfs_layer([], _, Closed, C, Next, next(Closed, C, Next)).
bfs_layer([node(S, RevPlan)|Ns], MaxNodes, Closed, c(E, G, D, N), Next, Outcome) :-
    (   MaxNodes \== none, E >= MaxNodes
    ->  throw(planlog_limit(nodes))
    ;   true
    ),
    E1 is E + 1,
    findall(Op-S1, successor(S, Op, S1), Children),
    bfs_children(Children, RevPlan, Closed, c(E1, G, D, N), Next, Outcome0),
    (   Outcome0 = more(Closed1, C1, Next1)
    ->  bfs_layer(Ns, MaxNodes, Closed1, C1, Next1, Outcome)
    ;   Outcome = Outcome0
    ).

bfs_children([], _, Closed, C, Next, more(Closed, C, Next)).
bfs_children([Op-S1|Cs], RevPlan, Closed, c(E, G, D, N), Next, Outcome) :-
    G1 is G + 1,
    tree_add(S1, Closed, Closed1, New),
    (   New == false
    ->  D1 is D + 1,
        bfs_children(Cs, RevPlan, Closed, c(E, G1, D1, N), Next, Outcome)
    ;   N1 is N + 1,
        (   goal_holds(S1)
        ->  reverse([Op|RevPlan], Plan),
            Outcome = found(Plan, c(E, G1, D, N1))
        ;   bfs_children(Cs, RevPlan, Closed1, c(E, G1, D, N1), [node(S1, [Op|RevPlan])|Next], Outcome)
        )
    ).
