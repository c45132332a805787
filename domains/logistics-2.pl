% Logistics 2: bring a package from the office of city 1 to the office of
% city 2: truck, airplane, truck.
% optimal: 9 steps
init([inCity(office1, city1), inCity(airport1, city1), inCity(office2, city2), inCity(airport2, city2),
      airport(airport1), airport(airport2),
      truck(truck1), truck(truck2), airplane(plane1),
      package(pkg1),
      at(truck1, office1), at(truck2, airport2), at(plane1, airport1),
      at(pkg1, office1)]).
goal([at(pkg1, office2)]).
