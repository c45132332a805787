% planlog's planning theory, part 2, fast variant. Same search, same
% semantics as plain.pl; a different representation, prepared once by
% theory_setup:
%
% - static facts (of predicates no operator adds or deletes) leave the state
%   and become database facts, renamed 's$Name' so that they cannot clash
%   with a built-in predicate; a static precondition is a database call;
% - the state is the sorted list of fluent facts only;
% - each operator is compiled into a clause
%       fast_op(Trigger, State, Op, Add, Del) :- Body.
%   Trigger is its first fluent precondition: successor/3 takes each fact F
%   of the state and calls fast_op(F, ...), so first-argument indexing (or
%   head unification) picks the operators F can trigger. Body checks the
%   other preconditions, most-bound first: a bound fluent is looked up in the
%   sorted state, an unbound one enumerated with member/2, a static one
%   called, an inequality A \= B evaluated as soon as A and B are bound.
%   Operators without fluent preconditions become fast_op0(State, Op, Add, Del).
%
% The successor order differs from plain.pl (by state fact, then by operator
% clause), so a plan may differ; the plan lengths and the node counts of
% every completed depth iteration are the same.

:- dynamic(fast_op/5).
:- dynamic(fast_op0/4).
:- dynamic(fast_init/1).
:- dynamic(fast_goal/1).
:- dynamic(fluent_pred/2).
:- dynamic(static_pred/2).

theory_setup :-
    retractall(fast_op(_, _, _, _, _)),
    retractall(fast_op0(_, _, _, _)),
    retractall(fast_init(_)),
    retractall(fast_goal(_)),
    retractall(fluent_pred(_, _)),
    retractall(static_pred(_, _)),
    findall(N/A, ( operator(_, _, Add, Del),
                   ( member(L, Add) ; member(L, Del) ),
                   functor(L, N, A) ), Preds0),
    sort(Preds0, Preds),
    forall(member(N/A, Preds), assertz(fluent_pred(N, A))),
    init(Init0),
    sort(Init0, Init),
    split_facts(Init, Fluents, Statics),
    forall(member(F, Statics), assert_static(F)),
    assertz(fast_init(Fluents)),
    goal(Goal0),
    sort(Goal0, Goal),
    split_facts(Goal, FluentGoal, StaticGoal),
    (   subset(StaticGoal, Statics)
    ->  assertz(fast_goal(FluentGoal))
    ;   true                                   % a static goal fact is false: no state is a goal
    ),
    forall(operator(Op, Pre, Add1, Del1), compile_op(Op, Pre, Add1, Del1)).

operator(Op, Pre, Add, Del) :-
    current_predicate(opn/4),
    opn(Op, Pre, Add, Del).
operator(Op, Pre, Add, Del) :-
    current_predicate(opn/5),
    opn(Op, Pre, Add, Del, _).

is_fluent(L) :-
    functor(L, N, A),
    fluent_pred(N, A).

split_facts([], [], []).
split_facts([F|Fs], Fluents, Statics) :-
    (   is_fluent(F)
    ->  Fluents = [F|Fluents1], Statics = Statics1
    ;   Fluents = Fluents1, Statics = [F|Statics1]
    ),
    split_facts(Fs, Fluents1, Statics1).

static_call(L, Call) :-
    L =.. [N|Args],
    atom_concat('s$', N, SN),
    Call =.. [SN|Args].

assert_static(F) :-
    static_call(F, Call),
    assertz(Call),
    functor(F, N, A),
    (   static_pred(N, A)
    ->  true
    ;   assertz(static_pred(N, A))
    ).

% --- compiling an operator ---

compile_op(Op, Pre, Add, Del) :-
    split_pre(Pre, Positive, Different),
    (   first_fluent(Positive, Trigger, Rest)
    ->  term_variables(Trigger, Bound),
        order_body(Rest, Different, Bound, State, Goals),
        conjunction(Goals, Body),
        assertz((fast_op(Trigger, State, Op, Add, Del) :- Body))
    ;   order_body(Positive, Different, [], State, Goals),
        conjunction(Goals, Body),
        assertz((fast_op0(State, Op, Add, Del) :- Body))
    ).

split_pre([], [], []).
split_pre([P|Ps], Positive, [P|Different]) :-
    P = (_ \= _), !,
    split_pre(Ps, Positive, Different).
split_pre([P|Ps], [P|Positive], Different) :-
    split_pre(Ps, Positive, Different).

first_fluent([L|Ls], L, Ls) :-
    is_fluent(L), !.
first_fluent([L|Ls], T, [L|Rest]) :-
    first_fluent(Ls, T, Rest).

% order_body(+Literals, +Inequalities, +BoundVars, ?State, -Goals)
order_body(Lits, Diffs, Bound, State, Goals) :-
    ready_diffs(Diffs, Bound, Ready, Waiting),
    append(Ready, Goals1, Goals),
    (   Lits == []
    ->  Goals1 = Waiting                       % (all bound by now: every variable occurs in a precondition)
    ;   pick_literal(Lits, Bound, L, Rest),
        literal_goal(L, Bound, State, G),
        term_variables(L, Vs),
        append(Vs, Bound, Bound1),
        Goals1 = [G|Goals2],
        order_body(Rest, Waiting, Bound1, State, Goals2)
    ).

ready_diffs([], _, [], []).
ready_diffs([D|Ds], Bound, Ready, Waiting) :-
    term_variables(D, Vs),
    (   all_bound(Vs, Bound)
    ->  Ready = [D|Ready1], Waiting = Waiting1
    ;   Ready = Ready1, Waiting = [D|Waiting1]
    ),
    ready_diffs(Ds, Bound, Ready1, Waiting1).

all_bound([], _).
all_bound([V|Vs], Bound) :-
    var_in(V, Bound),
    all_bound(Vs, Bound).

var_in(V, [B|Bs]) :-
    (   V == B
    ->  true
    ;   var_in(V, Bs)
    ).

bound_args([], _, 0).
bound_args([A|As], Bound, N) :-
    bound_args(As, Bound, N0),
    term_variables(A, Vs),
    (   all_bound(Vs, Bound)
    ->  N is N0 + 1
    ;   N = N0
    ).

% A fully bound literal first (a check), else the one with most bound arguments.
pick_literal(Lits, Bound, L, Rest) :-
    score_all(Lits, Bound, Scored),
    best(Scored, _-L),
    remove_first(Lits, L, Rest).

score_all([], _, []).
score_all([L|Ls], Bound, [S-L|Ss]) :-
    L =.. [_|Args],
    length(Args, Arity),
    bound_args(Args, Bound, B),
    (   B =:= Arity
    ->  S = 1000
    ;   S = B
    ),
    score_all(Ls, Bound, Ss).

best([S-L|Ss], Best) :-
    best_(Ss, S-L, Best).
best_([], Best, Best).
best_([S-L|Ss], S0-L0, Best) :-
    (   S > S0
    ->  best_(Ss, S-L, Best)
    ;   best_(Ss, S0-L0, Best)
    ).

remove_first([X|Xs], L, Rest) :-
    (   X == L
    ->  Rest = Xs
    ;   Rest = [X|Rest1],
        remove_first(Xs, L, Rest1)
    ).

literal_goal(L, Bound, State, G) :-
    (   is_fluent(L)
    ->  term_variables(L, Vs),
        (   all_bound(Vs, Bound)
        ->  G = in_sorted(L, State)
        ;   G = member(L, State)
        )
    ;   functor(L, N, A),
        (   static_pred(N, A)
        ->  static_call(L, G)
        ;   G = fail                           % no such fact: never applicable
        )
    ).

conjunction([], true).
conjunction([G], G) :- !.
conjunction([G|Gs], (G, C)) :-
    conjunction(Gs, C).

% --- the search interface ---

initial_state(State) :-
    fast_init(State).

goal_holds(State) :-
    fast_goal(Goal),
    sorted_subset(Goal, State).

% All successors at once: findall/3 drops the bindings made while computing
% them, so a path of the depth-first search carries only its own (tau-prolog
% takes time in proportion to the bindings of the current branch).
next_state(State, Op, Next) :-
    findall(Op1-Next1, successor(State, Op1, Next1), Children),
    member(Op-Next, Children).

successor(State, Op, Next) :-
    applicable_op(State, Op, Add, Del),
    apply_op(State, Add, Del, Next).

applicable_op(State, Op, Add, Del) :-
    fast_op0(State, Op, Add, Del).
applicable_op(State, Op, Add, Del) :-
    member(F, State),
    fast_op(F, State, Op, Add, Del).

apply_op(State, Add, Del, Next) :-
    sort(Del, D),
    sorted_delete(State, D, Kept),
    append(Add, Kept, Next0),
    sort(Next0, Next).

% --- sorted lists (standard order of terms, no duplicates) ---

in_sorted(X, [Y|Ys]) :-
    compare(Order, X, Y),
    in_sorted_(Order, X, Ys).
in_sorted_(=, _, _).
in_sorted_(>, X, Ys) :-
    in_sorted(X, Ys).

sorted_subset([], _).
sorted_subset([X|Xs], [Y|Ys]) :-
    compare(Order, X, Y),
    sorted_subset_(Order, X, Xs, Ys).
sorted_subset_(=, _, Xs, Ys) :-
    sorted_subset(Xs, Ys).
sorted_subset_(>, X, Xs, Ys) :-
    sorted_subset([X|Xs], Ys).

% sorted_delete(+Set, +Delete, -Rest)
sorted_delete(Xs, [], Xs).
sorted_delete([], [_|_], []).
sorted_delete([X|Xs], [D|Ds], Rest) :-
    compare(Order, X, D),
    sorted_delete_(Order, X, Xs, D, Ds, Rest).
sorted_delete_(<, X, Xs, D, Ds, [X|Rest]) :-
    sorted_delete(Xs, [D|Ds], Rest).
sorted_delete_(=, _, Xs, _, Ds, Rest) :-
    sorted_delete(Xs, Ds, Rest).
sorted_delete_(>, X, Xs, _, Ds, Rest) :-
    sorted_delete([X|Xs], Ds, Rest).
