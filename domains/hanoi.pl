% Towers of Hanoi: move a stack of discs from one peg to another, one disc
% at a time, never a larger disc on a smaller one.
%
% Problems: hanoi-1.pl, hanoi-2.pl, ... (each names its optimal length:
% 2^n - 1 steps for n discs).
%
% Discs and pegs are both "places": a disc lies on the disc right below it,
% or on a peg when it is the lowest. Discs d1, d2, ... are numbered from the
% smallest up; pegs are p1, p2, p3.
%
% Static facts:
%   smaller(D, X)  disc D may lie on X: X is a larger disc or a peg
% Fluents (the state):
%   on(D, X)       disc D lies directly on X (a disc or a peg)
%   clear(X)       nothing lies on X (X is the top disc of a peg, or an
%                  empty peg)
%
% move(D, From, To) lifts the top disc D off From and puts it onto To.
% smaller(D, To) forbids a larger disc on a smaller one, and D on itself.

opn(move(D, From, To),
    [smaller(D, To), on(D, From), clear(D), clear(To)],
    [on(D, To), clear(From)],
    [on(D, From), clear(To)]).
