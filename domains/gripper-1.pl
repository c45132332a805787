% Gripper 1: carry one ball from room a to room b.
% optimal: 3 steps
init([room(rooma), room(roomb), ball(ball1), gripper(left), gripper(right),
      atRobby(rooma), free(left), free(right), at(ball1, rooma)]).
goal([at(ball1, roomb)]).
