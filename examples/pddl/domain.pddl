; A robot carries parcels between rooms: a small typed STRIPS domain,
; read by planlog directly (npx planlog solve examples/pddl/domain.pddl examples/pddl/problem.pddl).
(define (domain delivery)
  (:requirements :strips :typing)
  (:types room parcel)
  (:predicates
    (robot-at ?r - room)
    (at ?p - parcel ?r - room)
    (holding ?p - parcel)
    (hand-free)
    (door ?from ?to - room))

  (:action move
    :parameters (?from ?to - room)
    :precondition (and (robot-at ?from) (door ?from ?to))
    :effect (and (not (robot-at ?from)) (robot-at ?to)))

  (:action pick-up
    :parameters (?p - parcel ?r - room)
    :precondition (and (robot-at ?r) (at ?p ?r) (hand-free))
    :effect (and (holding ?p) (not (at ?p ?r)) (not (hand-free))))

  (:action put-down
    :parameters (?p - parcel ?r - room)
    :precondition (and (robot-at ?r) (holding ?p))
    :effect (and (at ?p ?r) (hand-free) (not (holding ?p)))))
