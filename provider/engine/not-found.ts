// A 404 where "gone" is an answer, not a failure: reads of deleted objects, deletes already done.
import { NotFoundError } from "../../sdk/core/errors";

export async function notFoundAsUndefined<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
