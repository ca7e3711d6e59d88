/**
 * Bounded min-heap keeping the best k (score, donor position) pairs. Ranking never sorts the whole catalogue:
 * a donor costs one comparison unless it beats the current k-th best. "Better" is a higher score, then a lower
 * position; positions follow reference-id order, so ties break deterministically by reference id.
 */
export class TopK {
  readonly k: number;
  size = 0;
  readonly scores: Float64Array;
  readonly ids: Int32Array;

  constructor(k: number) {
    this.k = Math.max(0, k);
    this.scores = new Float64Array(this.k);
    this.ids = new Int32Array(this.k);
  }

  /** Adds (s, d) if the heap has room or it beats the current worst entry. */
  offer(s: number, d: number): void {
    if (this.size < this.k) {
      this.siftUp(this.size++, s, d);
      return;
    }
    if (this.k === 0) return;
    const rootScore = this.scores[0]!;
    if (s > rootScore || (s === rootScore && d < this.ids[0]!)) this.siftDown(0, s, d);
  }

  /** Entries best-first. */
  sorted(): { id: number; score: number }[] {
    const out: { id: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ id: this.ids[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.id - b.id);
  }

  private worse(sa: number, da: number, sb: number, db: number): boolean {
    return sa < sb || (sa === sb && da > db);
  }

  private siftUp(i: number, s: number, d: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.worse(s, d, this.scores[p]!, this.ids[p]!)) break;
      this.scores[i] = this.scores[p]!;
      this.ids[i] = this.ids[p]!;
      i = p;
    }
    this.scores[i] = s;
    this.ids[i] = d;
  }

  private siftDown(i: number, s: number, d: number): void {
    const n = this.size;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.worse(this.scores[c + 1]!, this.ids[c + 1]!, this.scores[c]!, this.ids[c]!)) c++;
      if (!this.worse(this.scores[c]!, this.ids[c]!, s, d)) break;
      this.scores[i] = this.scores[c]!;
      this.ids[i] = this.ids[c]!;
      i = c;
    }
    this.scores[i] = s;
    this.ids[i] = d;
  }
}
