import type { Network } from '@church/contract/groups-networks';

/** Parents before children, each branch in name order, with its depth for the indent. */
export function inTreeOrder(networks: Network[]): Network[] {
  const byParent = new Map<string | null, Network[]>();
  const ids = new Set(networks.map((n) => n.id));
  for (const n of networks) {
    // An overseer's list starts part-way down the tree: its top nodes are roots here.
    const parent = n.parentId && ids.has(n.parentId) ? n.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), n]);
  }
  const out: Network[] = [];
  const walk = (parent: string | null) => {
    for (const n of (byParent.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      out.push(n);
      walk(n.id);
    }
  };
  walk(null);
  return out;
}
