; Test lamp b and leave lamp a off (a negative goal); lamp c is broken.
(define (problem three)
  (:domain lamps)
  (:objects a b c - lamp)
  (:init (on a) (broken c))
  (:goal (and (tested b) (not (on a)))))
