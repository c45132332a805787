% planlog's portable prelude: the list predicates the planning theory needs
% that tau-prolog's library(lists) lacks. Written to load unchanged in
% tau-prolog 0.3 (after use_module(library(lists)), which the engine adapter
% does) and in SWI-Prolog (where member/2, append/3 and reverse/2 autoload).
%
% memberchk/2 is built into SWI-Prolog and may not be redefined there, so it
% is only added when calling it raises an existence error (tau-prolog).
% (initialization/1: tau-prolog runs only declarations as plain directives.)

:- initialization(catch(memberchk(a, [a]), _, assertz((memberchk(X, L) :- member(X, L), !)))).

% subset(?Sub, +Set): every element of Sub unifies with a member of Set.
% The backtracking, member-based version the original planner relies on:
% matching a precondition list against a state binds its variables, one
% solution per way of matching. (SWI's library version is semidet.)
subset([], _).
subset([X|Xs], Set) :-
    member(X, Set),
    subset(Xs, Set).

% subtract(+Set, +Delete, -Rest): the elements of Set that are not in Delete.
subtract([], _, []).
subtract([X|Xs], Delete, Rest) :-
    (   memberchk(X, Delete)
    ->  Rest = Rest1
    ;   Rest = [X|Rest1]
    ),
    subtract(Xs, Delete, Rest1).
