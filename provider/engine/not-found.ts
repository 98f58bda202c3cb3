// A 404 where "gone" is an answer, not a failure: reads of deleted objects, deletes already done.
import { sdk } from "./sdk";

export async function notFoundAsUndefined<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof sdk().NotFoundError) return undefined;
    throw error;
  }
}
