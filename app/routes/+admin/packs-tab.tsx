import { useId, useState } from "react";
import type { AdminPack } from "~/.server/admin/packs";
import { Badge } from "~/components/ui/badge";
import { Select } from "~/components/ui/form-controls";
import { Input, Textarea } from "~/components/ui/input";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { centsToDollars } from "~/lib/money";
import { packEconomics } from "~/lib/pack-economics";
import { rarityLabel } from "~/lib/domain/rarity";
import {
  DEFAULT_DISTRIBUTION,
  PACK_CATEGORIES,
  RARITIES,
  type RarityDistribution,
} from "~/lib/packs";
import { createPackSchema, PACK_NAMES, updatePackSchema } from "~/lib/schemas/admin";
import { actionsColumn, centsColumn, countColumn, timeColumn } from "./admin-columns";
import { AdminSaveDialog } from "./admin-dialog";
import { AdminField, AdminOptions } from "./admin-form";
import { AdminPagedSection } from "./admin-paged-section";
import type { AdminColumn } from "./admin-table";
import { ConfirmDeleteRow } from "./confirm-delete";
import { PhotosDialog } from "./photos-dialog";
import { PackEconomicsPreview } from "./pack-economics";
import { PackOddsFields } from "./pack-odds-fields";
import { PoolLink, PoolPanel } from "./pool-panel";
import type { PacksTabData } from "./packs.server";
import { basisPointsAsPercent } from "~/lib/rates";
import type { AdminTabProps } from "./tab-contract";

/** "60" -> "60%", "12.5" -> "12.5%". */
const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/**
 * The fields of a pack's create and edit form (docs/product/administration.md): name,
 * description, category, price, active flag (the available count, the pool's size, read-only), the four odds (summing to 100) and the card
 * names per rarity (one per line), checked with the shared schema in the browser and by the
 * server; the running total of the odds and the expected value are hints only.
 */
function PackFields({ pack }: { pack: AdminPack | null }) {
  const start: RarityDistribution = pack?.rarityDistribution ?? DEFAULT_DISTRIBUTION;
  const [odds, setOdds] = useState<Record<string, string>>(() =>
    Object.fromEntries(RARITIES.map((rarity) => [rarity, String(start[rarity])])),
  );
  const [price, setPrice] = useState(pack ? centsToDollars(pack.priceCents) : "");
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminField name="name" label="Name" className="sm:col-span-2">
          <Input required maxLength={100} defaultValue={pack?.name} autoComplete="off" />
        </AdminField>
        <AdminField name="description" label="Description (optional)" className="sm:col-span-2">
          <Textarea maxLength={1000} defaultValue={pack?.description ?? ""} className="min-h-20" />
        </AdminField>
        <AdminField name="category" label="Category">
          <Select defaultValue={pack?.category ?? PACK_CATEGORIES[0]}>
            <AdminOptions values={PACK_CATEGORIES} />
          </Select>
        </AdminField>
        <AdminField name="price" label="Price (USD)" hint="$0.01 to $100,000, at most 2 decimals.">
          <Input
            inputMode="decimal"
            required
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            placeholder="25.00"
            autoComplete="off"
          />
        </AdminField>
        <div className="space-y-1">
          <label htmlFor={id("available")} className="text-sm font-medium">
            Packs available
          </label>
          {/* Read-only and unnamed: the count is the pool's size, never posted. */}
          <Input
            id={id("available")}
            readOnly
            value={(pack?.availableCount ?? 0).toLocaleString("en-US")}
            aria-describedby={id("available-hint")}
            className="tabular-nums"
          />
          <p id={id("available-hint")} className="text-muted-foreground text-xs">
            The size of the pack&apos;s pool: compose it with the Pool button on the pack&apos;s
            row.
          </p>
        </div>
        <div className="flex items-center gap-2 sm:col-span-2">
          <input
            id={id("active")}
            name="isActive"
            type="checkbox"
            defaultChecked={pack?.isActive ?? false}
            className="accent-accent size-4"
          />
          <label htmlFor={id("active")} className="text-sm font-medium">
            Active (shown in the shop and can be opened)
          </label>
        </div>
      </div>

      <PackOddsFields
        odds={odds}
        onOddsChange={(rarity, value) => setOdds((current) => ({ ...current, [rarity]: value }))}
      />

      <section aria-labelledby={id("economics-title")} className="space-y-2">
        <h3 id={id("economics-title")} className="text-sm font-semibold">
          Expected value of one pull
        </h3>
        <PackEconomicsPreview price={price} odds={odds} id={id("economics")} />
      </section>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Card names (one per line)</legend>
        <p id={id("names-hint")} className="text-muted-foreground text-xs">
          {PACK_NAMES.min} to {PACK_NAMES.max} names per rarity, each at most {PACK_NAMES.length}{" "}
          characters.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {RARITIES.map((rarity) => (
            <AdminField
              key={rarity}
              name={`${rarity}Names`}
              label={`${rarityLabel(rarity)} names`}
              describedBy={id("names-hint")}
            >
              <Textarea
                required
                defaultValue={pack?.cardNames[rarity].join("\n") ?? ""}
                className="min-h-24"
              />
            </AdminField>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** 'New pack' above the table, or 'Edit' on a pack's row: the pack form in a dialog. */
function PackDialog({ pack, createKey }: { pack: AdminPack | null; createKey: string }) {
  return (
    <AdminSaveDialog
      kind="pack"
      editing={pack}
      idField="packId"
      createKey={createKey}
      schemas={{ create: createPackSchema, update: updatePackSchema }}
      className="sm:max-w-2xl"
      formClassName="mt-4 space-y-5"
      description={
        pack
          ? "Changes apply to the next opening. Openings already made keep the odds they were drawn with."
          : "Create it inactive, compose its pool with the Pool button, then put it on sale."
      }
    >
      <PackFields pack={pack} />
    </AdminSaveDialog>
  );
}

/**
 * The four odds, one rarity badge a line: a narrow column, so the table fits beside the pinned
 * actions at 1280 px (in two columns the badges ran under them, with no sign the table scrolls).
 */
function Odds({ distribution }: { distribution: RarityDistribution }) {
  return (
    <ul className="grid gap-y-1" aria-label="Rarity distribution">
      {RARITIES.map((rarity) => (
        <li key={rarity} className="flex items-center justify-between gap-2 whitespace-nowrap">
          <RarityBadge rarity={rarity} />
          <span className="tabular-nums">{percent(distribution[rarity])}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Packs (docs/product/administration.md: create, edit, delete; docs/product/administration.md): every pack, active or not,
 * with price, stock, odds and openings. Admins create and edit packs in a dialog, manage their
 * photos in another, and delete them after confirming (a pack with openings is deactivated
 * instead); moderators only read.
 */
export function PacksTab({ data }: AdminTabProps<PacksTabData>) {
  const columns: AdminColumn<AdminPack>[] = [
    {
      header: "Pack",
      // The name (wrapping at 128 px), its category and id, and whether it is on sale.
      cell: (pack) => (
        <span className="block max-w-32">
          <span className="block font-medium break-words">{pack.name}</span>
          <span className="text-muted-foreground block text-xs">
            {pack.category} · #{pack.id}
          </span>
          {/* Under the name rather than a column of its own: the table fits at 1280 px. */}
          {pack.isActive ? (
            <Badge className="text-foreground mt-1 border-emerald-500/50 bg-emerald-500/15">
              Active
            </Badge>
          ) : (
            <Badge className="mt-1">Inactive</Badge>
          )}
        </span>
      ),
    },
    centsColumn("Price", (pack) => pack.priceCents),
    // "Stock", not "Available": the wider word pushed the table past 1280 px.
    countColumn("Stock", (pack) => pack.availableCount),
    { header: "Odds", cell: (pack) => <Odds distribution={pack.rarityDistribution} /> },
    {
      header: "Return to player",
      cell: (pack) =>
        `${basisPointsAsPercent(packEconomics(pack.priceCents, pack.rarityDistribution).returnToPlayerBp)}%`,
      numeric: true,
    },
    countColumn("Openings", (pack) => pack.openings),
    timeColumn("Updated", (pack) => pack.updatedAt, true),
  ];
  if (data.canManage) {
    columns.push(
      // One button a line: three side by side made the table too wide for 1280 px.
      actionsColumn((pack) => (
        <div className="flex flex-col items-stretch gap-1.5">
          <PackDialog pack={pack} createKey={data.createKey} />
          <PoolLink packId={pack.id} name={pack.name} />
          <PhotosDialog kind="pack" id={pack.id} name={pack.name} photos={pack.photos} />
          <ConfirmDeleteRow
            kind="pack"
            idField="packId"
            row={pack}
            description={
              pack.openings > 0
                ? `This pack has been opened ${pack.openings.toLocaleString("en-US")} ${pack.openings === 1 ? "time" : "times"}, so it will be deactivated instead of deleted: hidden from the shop, its openings kept.`
                : "The pack is removed from the shop for good."
            }
          />
        </div>
      )),
    );
  }
  return (
    <AdminPagedSection
      title="Packs"
      description={
        data.canManage
          ? "Every pack, active and inactive, newest first. A pack that has been opened is deactivated instead of deleted."
          : "Every pack, active and inactive, newest first. Read-only: only admins create, edit or delete packs."
      }
      search="Name or category"
      tools={data.canManage ? <PackDialog pack={null} createKey={data.createKey} /> : null}
      data={data}
      columns={columns}
    >
      {data.pool ? <PoolPanel pool={data.pool} canManage={data.canManage} /> : null}
    </AdminPagedSection>
  );
}
