; Lamps: a lamp is switched on only when it is off and not broken (negative
; preconditions, which planlog compiles away into complements such as notOn).
(define (domain lamps)
  (:requirements :strips :typing :negative-preconditions)
  (:types lamp)
  (:predicates (on ?l - lamp) (broken ?l - lamp) (tested ?l - lamp))

  (:action switch-on
    :parameters (?l - lamp)
    :precondition (and (not (on ?l)) (not (broken ?l)))
    :effect (on ?l))

  (:action switch-off
    :parameters (?l - lamp)
    :precondition (on ?l)
    :effect (not (on ?l)))

  ; testing leaves the lamp on: on is deleted and added, and add wins
  (:action test
    :parameters (?l - lamp)
    :precondition (on ?l)
    :effect (and (tested ?l) (not (on ?l)) (on ?l))))
