// Queries over the RAPIDS table.
import { RAPIDS_ARCH_FLOORS } from './data/rapids.js';

export function rapidsFloors(): typeof RAPIDS_ARCH_FLOORS {
  return RAPIDS_ARCH_FLOORS;
}
