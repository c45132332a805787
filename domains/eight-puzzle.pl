% The 8-puzzle: eight numbered tiles in a 3 x 3 frame with one empty cell;
% a tile next to the empty cell may slide into it. The goal layout is
%     1 2 3
%     4 5 6
%     7 8 .
% Problems: eight-puzzle-1.pl, eight-puzzle-2.pl, ... (each names its
% optimal length and draws its start layout).
%
% Cells are rXcY: row X (1 at the top), column Y (1 at the left). Tiles are
% t1 ... t8.
%
% Static facts (the frame):
%   adj(A, B)    cells A and B are neighbours (both directions are listed)
% Fluents (the state):
%   at(T, C)     tile T lies on cell C
%   blank(C)     cell C is empty
%
% slide(T, From, To) slides tile T from cell From onto the empty
% neighbouring cell To.

opn(slide(T, From, To),
    [adj(From, To), at(T, From), blank(To)],
    [at(T, To), blank(From)],
    [at(T, From), blank(To)]).
