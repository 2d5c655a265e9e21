import { Time } from "~/components/ui/time";
import { Fmv } from "~/components/value/fmv";
import type { Grader } from "~/lib/slabs";
import { gradeKey, type GradeValue } from "~/lib/value/card-value";

/**
 * A card's values per grader and grade (docs/product/value.md "A card's page"): FMV with its
 * confidence, the date of its newest comp and how many it rests on (or the neighbouring grade
 * it came from), and the vault's population of that grade. A grade with slabs but no value
 * says "No estimate yet"; a card with neither says so in a sentence.
 */
export function ValuesTable({
  values,
  population,
}: {
  values: GradeValue[];
  population: { grader: Grader; grade: number; slabs: number }[];
}) {
  const rows = new Map<string, { grader: Grader; grade: number }>();
  for (const r of [...values, ...population]) rows.set(gradeKey(r.grader, r.grade), r);
  const sorted = [...rows.values()].sort(
    (a, b) => b.grade - a.grade || a.grader.localeCompare(b.grader),
  );
  if (sorted.length === 0) {
    return (
      <p className="bg-surface text-muted-foreground rounded-xl border p-4 text-sm">
        No estimate yet: PackVault has no recorded sale of this card and holds no slab of it.
      </p>
    );
  }
  return (
    <div className="value-table">
      <table>
        <thead>
          <tr>
            <th scope="col">Grade</th>
            <th scope="col">FMV</th>
            <th scope="col">Last sale</th>
            <th scope="col">In our vault</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map(({ grader, grade }) => {
            const key = gradeKey(grader, grade);
            const value = values.find((v) => gradeKey(v.grader, v.grade) === key) ?? null;
            const held = population.find((p) => gradeKey(p.grader, p.grade) === key)?.slabs ?? 0;
            return (
              <tr key={key}>
                <th scope="row">{key}</th>
                <td>
                  <Fmv value={value} />
                  {value ? (
                    <small>
                      {value.basis === "neighbour"
                        ? "from a neighbouring grade"
                        : `from ${value.compCount} ${value.compCount === 1 ? "sale" : "sales"}`}
                    </small>
                  ) : null}
                </td>
                <td>{value ? <Time value={value.lastCompAt} style="date" /> : "—"}</td>
                <td>{held}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
