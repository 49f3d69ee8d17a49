// Tarjan's strongly connected components of a directed graph (node → its successors), shared by
// the lint scripts: every component of more than one node, or a node that reaches itself, is a cycle.

/** The graph's cycles, each as the list of nodes that reach one another. */
export function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  function visit(node) {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || [...(graph.get(node) ?? [])].includes(node)) cycles.push(component);
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
