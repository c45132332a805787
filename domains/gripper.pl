% Gripper: a robot with two grippers carries balls from room to room (after
% the gripper domain of the first International Planning Competition).
%
% Problems: gripper-1.pl, gripper-2.pl, ... (each names its optimal length).
%
% Static facts (the problem's types and map):
%   room(R)       R is a room
%   ball(B)       B is a ball
%   gripper(G)    G is a gripper (left, right)
% Fluents (the state):
%   atRobby(R)    the robot is in room R
%   at(B, R)      ball B lies in room R
%   carry(B, G)   gripper G holds ball B
%   free(G)       gripper G holds nothing
%
% The type facts ball/1, room/1 and gripper/1 are the PDDL domain's typing
% written as static unary facts (as planlog pddl import writes them), so
% the operators read like the PDDL original.

opn(move(From, To),
    [room(From), room(To), atRobby(From), From \= To],
    [atRobby(To)],
    [atRobby(From)]).

opn(pick(B, R, G),
    [ball(B), room(R), gripper(G), at(B, R), atRobby(R), free(G)],
    [carry(B, G)],
    [at(B, R), free(G)]).

opn(drop(B, R, G),
    [ball(B), room(R), gripper(G), carry(B, G), atRobby(R)],
    [at(B, R), free(G)],
    [carry(B, G)]).
