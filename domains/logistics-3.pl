% Logistics 3: two packages cross between the cities in opposite directions;
% the airplane and the trucks start in the wrong places.
% optimal: 19 steps
init([inCity(office1, city1), inCity(airport1, city1), inCity(office2, city2), inCity(airport2, city2),
      airport(airport1), airport(airport2),
      truck(truck1), truck(truck2), airplane(plane1),
      package(pkg1), package(pkg2),
      at(truck1, airport1), at(truck2, airport2), at(plane1, airport2),
      at(pkg1, office1), at(pkg2, office2)]).
goal([at(pkg1, office2), at(pkg2, office1)]).
