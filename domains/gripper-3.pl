% Gripper 3: four balls from room a to room b (the task of the IPC's prob01).
% optimal: 11 steps
init([room(rooma), room(roomb),
      ball(ball1), ball(ball2), ball(ball3), ball(ball4),
      gripper(left), gripper(right),
      atRobby(rooma), free(left), free(right),
      at(ball1, rooma), at(ball2, rooma), at(ball3, rooma), at(ball4, rooma)]).
goal([at(ball1, roomb), at(ball2, roomb), at(ball3, roomb), at(ball4, roomb)]).
