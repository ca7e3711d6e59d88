/**
 * Bounded min-heap keeping the best k donors. Ranking never sorts the whole catalogue: a donor costs one
 * comparison unless it can beat the current k-th best. "Better" is, in order: a higher primary key (the score,
 * or minus the distance, or the medical update day), a higher secondary key (the score when sorting by something
 * else), more preferences met, and a lower static tie rank (fresher medical update, availability, family slots,
 * reference id; see `DonorIndex.cols.tieRank`), which is unique, so the order is total and deterministic.
 */
export type Ranked = { id: number; primary: number; secondary: number; met: number; rank: number };

/** Negative when a is better than b. The one comparator the heap, the final sort and the baseline all use. */
export function compareRanked(a: Ranked, b: Ranked): number {
  return b.primary - a.primary || b.secondary - a.secondary || b.met - a.met || a.rank - b.rank;
}

export class TopK {
  readonly k: number;
  size = 0;
  private readonly primary: Float64Array;
  private readonly secondary: Float64Array;
  private readonly met: Uint8Array;
  private readonly rank: Uint32Array;
  private readonly ids: Int32Array;

  constructor(k: number) {
    this.k = Math.max(0, k);
    this.primary = new Float64Array(this.k);
    this.secondary = new Float64Array(this.k);
    this.met = new Uint8Array(this.k);
    this.rank = new Uint32Array(this.k);
    this.ids = new Int32Array(this.k);
  }

  /**
   * Whether a donor with these keys could enter the heap (its tie-break keys decide when it equals the worst
   * entry). Lets the scan skip computing the tie-break keys for the great majority of donors.
   */
  mayAccept(primary: number, secondary: number): boolean {
    if (this.size < this.k) return true;
    if (this.k === 0) return false;
    const p = this.primary[0]!;
    return primary > p || (primary === p && secondary >= this.secondary[0]!);
  }

  /** The primary key of the worst entry kept (only meaningful once the heap is full). */
  worstPrimary(): number {
    return this.size === 0 ? -Infinity : this.primary[0]!;
  }

  /** Adds the donor if the heap has room or it beats the current worst entry. */
  offer(primary: number, secondary: number, met: number, rank: number, id: number): void {
    if (this.size < this.k) {
      this.siftUp(this.size++, primary, secondary, met, rank, id);
      return;
    }
    if (this.k === 0 || !this.worse(0, primary, secondary, met, rank)) return;
    this.siftDown(0, primary, secondary, met, rank, id);
  }

  /** Entries best-first. */
  sorted(): Ranked[] {
    const out: Ranked[] = [];
    for (let i = 0; i < this.size; i++) {
      out.push({
        id: this.ids[i]!,
        primary: this.primary[i]!,
        secondary: this.secondary[i]!,
        met: this.met[i]!,
        rank: this.rank[i]!,
      });
    }
    return out.sort(compareRanked);
  }

  /** Whether heap entry i is worse than the given keys. */
  private worse(i: number, primary: number, secondary: number, met: number, rank: number): boolean {
    const p = this.primary[i]!;
    if (p !== primary) return p < primary;
    const s = this.secondary[i]!;
    if (s !== secondary) return s < secondary;
    const m = this.met[i]!;
    if (m !== met) return m < met;
    return this.rank[i]! > rank;
  }

  private put(i: number, primary: number, secondary: number, met: number, rank: number, id: number): void {
    this.primary[i] = primary;
    this.secondary[i] = secondary;
    this.met[i] = met;
    this.rank[i] = rank;
    this.ids[i] = id;
  }

  private move(from: number, to: number): void {
    this.put(to, this.primary[from]!, this.secondary[from]!, this.met[from]!, this.rank[from]!, this.ids[from]!);
  }

  private siftUp(i: number, primary: number, secondary: number, met: number, rank: number, id: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      // The parent must stay the worse one: stop once it is worse than the newcomer.
      if (this.worse(p, primary, secondary, met, rank)) break;
      this.move(p, i);
      i = p;
    }
    this.put(i, primary, secondary, met, rank, id);
  }

  private siftDown(i: number, primary: number, secondary: number, met: number, rank: number, id: number): void {
    const n = this.size;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.worse(c + 1, this.primary[c]!, this.secondary[c]!, this.met[c]!, this.rank[c]!)) c++;
      // Stop when the worse child is still better than the newcomer.
      if (!this.worse(c, primary, secondary, met, rank)) break;
      this.move(c, i);
      i = c;
    }
    this.put(i, primary, secondary, met, rank, id);
  }
}
