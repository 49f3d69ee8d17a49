/**
 * Long loops of writes in turns. One process holds thousands of customers' streams; telling them
 * all their new places is a loop of thousands of socket writes, which held the event loop for
 * 120–175 ms at 10,000 streams. A kitchen's ready call, or the ready event a customer waits for,
 * that came meanwhile waited for the whole loop. In turns, it waits for one turn at most.
 */

/** Resolves on the event loop's next turn, after the I/O and timers already due. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Calls `each` for every item, giving the event loop a turn after every `perTurn` calls. `items`
 * is read as it goes: a Map may change between turns (entries deleted meanwhile are skipped, added
 * ones visited, as with any Map iteration).
 */
export async function eachInTurns<T>(items: Iterable<T>, perTurn: number, each: (item: T) => void): Promise<void> {
  const iterator = items[Symbol.iterator]();
  for (let inThisTurn = 0; ; inThisTurn += 1) {
    // The turn is given before the next item is taken, so what changed meanwhile counts.
    if (inThisTurn === perTurn) {
      inThisTurn = 0;
      await nextTurn();
    }
    const next = iterator.next();
    if (next.done) return;
    each(next.value);
  }
}
