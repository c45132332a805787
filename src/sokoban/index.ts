/** Sokoban: level files, compilation to STRIPS facts, LURD, boards. */
export {
  readLevels,
  readLevel,
  scanLevels,
  type LevelEntry,
  selectLevel,
  cellName,
  parseCellName,
  isCell,
  isWall,
  sourceColumn,
  cellLoc,
  levelLabel,
  type Level,
  type Point,
} from './level.ts';
export { compileLevel, SOKOBAN_STATIC } from './compile.ts';
export { planToLurd, lurdToPlan, lurdToTerms, countMovesPushes } from './lurd.ts';
export { renderBoard, renderInitial } from './render.ts';
