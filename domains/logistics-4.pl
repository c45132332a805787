% Logistics 4: three cities, two airplanes, three packages.
% optimal: 21 steps
init([inCity(office1, city1), inCity(airport1, city1),
      inCity(office2, city2), inCity(airport2, city2),
      inCity(office3, city3), inCity(airport3, city3),
      airport(airport1), airport(airport2), airport(airport3),
      truck(truck1), truck(truck2), truck(truck3), airplane(plane1), airplane(plane2),
      package(pkg1), package(pkg2), package(pkg3),
      at(truck1, office1), at(truck2, airport2), at(truck3, office3),
      at(plane1, airport1), at(plane2, airport3),
      at(pkg1, office1), at(pkg2, airport2), at(pkg3, office3)]).
goal([at(pkg1, office2), at(pkg2, office3), at(pkg3, airport1)]).
