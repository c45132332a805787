% Gripper 2: carry two balls from room a to room b: one trip, a ball in each
% gripper.
% optimal: 5 steps
init([room(rooma), room(roomb), ball(ball1), ball(ball2), gripper(left), gripper(right),
      atRobby(rooma), free(left), free(right), at(ball1, rooma), at(ball2, rooma)]).
goal([at(ball1, roomb), at(ball2, roomb)]).
