/** Throws, naming the cycle, when a feature graph ({ feature: [features it may call] }) has one. */
export function assertAcyclic(graph) {
  const state = {};
  const visit = (node, trail) => {
    if (state[node] === 'done') return;
    if (state[node] === 'visiting') throw new Error(`server feature cycle: ${[...trail, node].join(' -> ')}`);
    state[node] = 'visiting';
    for (const next of graph[node] ?? []) visit(next, [...trail, node]);
    state[node] = 'done';
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
