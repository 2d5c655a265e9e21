import { useId } from "react";
import { Input } from "~/components/ui/input";
import { rarityLabel, type CardRarity } from "~/lib/domain/rarity";
import { percentToBasisPoints, RARITIES } from "~/lib/packs";
import { percentLabel } from "~/lib/rates";
import { AdminField } from "./admin-form";

/** The sum of the four odds as typed, in basis points, or null while one is not a number. */
function oddsTotal(odds: Record<string, string>): number | null {
  let total = 0;
  for (const rarity of RARITIES) {
    const value = odds[rarity]?.trim() ?? "";
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
    total += percentToBasisPoints(Number(value));
  }
  return total;
}

/**
 * The pack form's 'Rarity distribution (%)' fieldset (packs-tab.tsx): one field per rarity with
 * the odds as typed (`odds`, by rarity), and their running total, red unless it is 100 %.
 */
export function PackOddsFields({
  odds,
  onOddsChange,
}: {
  odds: Record<string, string>;
  onOddsChange: (rarity: CardRarity, value: string) => void;
}) {
  const totalId = useId();
  const total = oddsTotal(odds);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Rarity distribution (%)</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {RARITIES.map((rarity) => (
          <AdminField key={rarity} name={rarity} label={rarityLabel(rarity)} describedBy={totalId}>
            <Input
              inputMode="decimal"
              required
              value={odds[rarity]}
              onChange={(event) => onOddsChange(rarity, event.target.value)}
              autoComplete="off"
            />
          </AdminField>
        ))}
      </div>
      <p id={totalId} className="text-muted-foreground text-xs" aria-live="polite">
        The four percentages must add up to 100 (up to 2 decimals each).{" "}
        {total === null ? null : (
          <span className={total === 10_000 ? "text-foreground" : "text-danger font-medium"}>
            Total now: {percentLabel(total)}.
          </span>
        )}
      </p>
    </fieldset>
  );
}
