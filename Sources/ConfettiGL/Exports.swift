// An app that imports ConfettiGL gets the model too: effects, sizes, colours, spawners.
@_exported import ConfettiCore
