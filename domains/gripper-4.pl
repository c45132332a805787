% Gripper 4: six balls from room a to room b: three round trips.
% optimal: 17 steps
init([room(rooma), room(roomb),
      ball(ball1), ball(ball2), ball(ball3), ball(ball4), ball(ball5), ball(ball6),
      gripper(left), gripper(right),
      atRobby(rooma), free(left), free(right),
      at(ball1, rooma), at(ball2, rooma), at(ball3, rooma),
      at(ball4, rooma), at(ball5, rooma), at(ball6, rooma)]).
goal([at(ball1, roomb), at(ball2, roomb), at(ball3, roomb),
      at(ball4, roomb), at(ball5, roomb), at(ball6, roomb)]).
