% Logistics, small: trucks carry packages between the places of one city,
% airplanes between the airports of different cities (after the logistics
% domain of the International Planning Competition).
%
% Problems: logistics-1.pl, logistics-2.pl, ... (each names its optimal
% length).
%
% Static facts (types and the map):
%   package(P), truck(T), airplane(A)   what each object is
%   inCity(L, C)   place L lies in city C
%   airport(L)     place L is an airport
% Fluents (the state):
%   at(X, L)       package or vehicle X is at place L
%   in(P, V)       package P is inside vehicle V
%
% Trucks never leave their city (driveTruck needs both places in the same
% city); airplanes fly between any two airports.

opn(loadTruck(P, T, L),
    [package(P), truck(T), at(T, L), at(P, L)],
    [in(P, T)],
    [at(P, L)]).

opn(unloadTruck(P, T, L),
    [package(P), truck(T), at(T, L), in(P, T)],
    [at(P, L)],
    [in(P, T)]).

opn(driveTruck(T, From, To, C),
    [truck(T), at(T, From), inCity(From, C), inCity(To, C), From \= To],
    [at(T, To)],
    [at(T, From)]).

opn(loadAirplane(P, A, L),
    [package(P), airplane(A), at(A, L), at(P, L)],
    [in(P, A)],
    [at(P, L)]).

opn(unloadAirplane(P, A, L),
    [package(P), airplane(A), at(A, L), in(P, A)],
    [at(P, L)],
    [in(P, A)]).

opn(flyAirplane(A, From, To),
    [airplane(A), at(A, From), airport(To), From \= To],
    [at(A, To)],
    [at(A, From)]).
