; The letter goes from the hall to the office, the box from the office to the kitchen.
(define (problem two-parcels)
  (:domain delivery)
  (:objects hall kitchen office - room
            letter box - parcel)
  (:init (robot-at hall) (hand-free)
         (door hall kitchen) (door kitchen hall)
         (door hall office) (door office hall)
         (at letter hall) (at box office))
  (:goal (and (at letter office) (at box kitchen))))
