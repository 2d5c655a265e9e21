import { FileUp, Filter, Plus } from "lucide-react";
import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import type { CardChoice } from "~/.server/inventory/card-choices";
import type { InventorySlab } from "~/.server/inventory/slab-list";
import { SlabCert } from "~/components/cards/slab-cert";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
import { formatCents } from "~/lib/money";
import { addSlabSchema } from "~/lib/schemas/inventory";
import { GRADERS, SLAB_STATES, SLAB_STATE_LABELS } from "~/lib/slabs";
import { NONE } from "./admin-columns";
import { AdminDialogButton, AdminFormDialog } from "./admin-dialog";
import { AdminField, AdminOptions } from "./admin-form";
import { AdminPagedSection } from "./admin-paged-section";
import { ClearSearch } from "./admin-search";
import type { AdminColumn } from "./admin-table";
import type { InventoryTabData } from "./inventory.server";
import { OperatorSummary } from "./operator-view";
import { SlabDetail, SlabStateBadge } from "./slab-detail";
import type { AdminTabProps } from "./tab-contract";

type Filters = InventoryTabData["list"]["filters"];

/** The list's two choice filters: each with its 'Any ...' first and its options by label. */
const CHOICE_FILTERS = [
  {
    name: "state",
    label: "State",
    any: "Any state",
    options: SLAB_STATES,
    labels: SLAB_STATE_LABELS,
  },
  { name: "grader", label: "Grader", any: "Any grader", options: GRADERS, labels: undefined },
] as const;

/** The list's two text filters: a card or cert (a search), and a bin. */
const TEXT_FILTERS = [
  {
    name: "q",
    type: "search",
    label: "Card or cert",
    maxLength: 100,
    placeholder: "Charizard, Base Set, 12345678",
  },
  { name: "bin", type: undefined, label: "Bin", maxLength: 40, placeholder: "A-1" },
] as const;

/** The list's filters: a GET form keeping the tab, back on page 1. */
function InventoryFilters({ filters }: { filters: Filters }) {
  const id = useId();
  const any = Object.values(filters).some(Boolean);
  return (
    <Form
      method="get"
      action="/admin"
      role="search"
      aria-label="Filter slabs"
      preventScrollReset
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_1fr_auto]"
    >
      <input type="hidden" name="tab" value="inventory" />
      {CHOICE_FILTERS.map(({ name, label, any: anyLabel, options, labels }) => (
        <label key={name} className="space-y-1.5 text-sm font-medium">
          <span className="block">{label}</span>
          <Select name={name} defaultValue={filters[name] ?? ""} key={filters[name] ?? ""}>
            <option value="">{anyLabel}</option>
            <AdminOptions<string> values={options} labels={labels} />
          </Select>
        </label>
      ))}
      {TEXT_FILTERS.map(({ name, type, label, maxLength, placeholder }) => (
        <div key={name} className="space-y-1.5 text-sm font-medium">
          <label htmlFor={`${id}-${name}`} className="block">
            {label}
          </label>
          <Input
            id={`${id}-${name}`}
            type={type}
            name={name}
            defaultValue={filters[name] ?? ""}
            key={filters[name] ?? ""}
            maxLength={maxLength}
            placeholder={placeholder}
          />
        </div>
      ))}
      <div className="flex items-end gap-2">
        <Button type="submit" variant="secondary">
          <Filter className="size-4" aria-hidden="true" />
          Filter
        </Button>
        {any ? <ClearSearch to="?tab=inventory" /> : null}
      </div>
    </Form>
  );
}

/** The photo inputs of "Add a slab": front, then back (the order the server reads them in). */
function SlabPhotoInput({ side }: { side: "front" | "back" }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {side === "front" ? "Front photo" : "Back photo"}
      </label>
      <input
        id={id}
        type="file"
        name="photos"
        accept="image/jpeg,image/png,image/webp,image/avif"
        required
        className="block w-full text-sm"
      />
    </div>
  );
}

/** The typed fields of "Add a slab": name, label, hint and the keyboard it wants. */
const SLAB_TEXT_FIELDS = [
  ["cert", "Cert number", "6 to 10 digits, as on the label", "numeric"],
  ["grade", "Grade", "PSA: 1 to 10; BGS, CGC, SGC: half grades", "decimal"],
  ["bin", "Bin", "Where it sits in the vault (A-12)", undefined],
  ["cost", "Cost ($)", "What the house paid", "decimal"],
  ["fmv", "FMV ($)", "Must fit a tier of a pack on sale", "decimal"],
] as const;

/**
 * "Add a slab" (admins): one slab with its front and back photos, checked as a CSV line is
 * (grader, cert not already taken in, card, grade on the grader's scale, money, bin, an FMV that
 * fits a tier of a pack on sale); it goes into intake.
 */
function AddSlab({ cards }: { cards: CardChoice[] }) {
  const categories = [...new Set(cards.map((card) => card.category))];
  return (
    <AdminFormDialog
      title="Add a slab"
      description="Take one graded slab into intake with photos of its front and back. Photos are re-encoded and keep no metadata."
      className="sm:max-w-2xl"
      trigger={<AdminDialogButton icon={Plus} label="Add a slab" onRow={false} variant="outline" />}
      intent="add-slab"
      schema={addSlabSchema}
      formLabel="Add a slab"
      formClassName="mt-4 grid gap-4 sm:grid-cols-2"
      submitLabel="Add slab"
      withFiles
    >
      <AdminField name="card" label="Card" className="sm:col-span-2">
        <Select defaultValue="">
          <option value="" disabled>
            Choose a card of the catalogue
          </option>
          {categories.map((category) => (
            <optgroup key={category} label={category}>
              {cards
                .filter((card) => card.category === category)
                .map((card) => (
                  <option key={card.id} value={card.id}>
                    {card.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </Select>
      </AdminField>
      <AdminField name="grader" label="Grader">
        <Select defaultValue="PSA">
          <AdminOptions values={GRADERS} />
        </Select>
      </AdminField>
      {SLAB_TEXT_FIELDS.map(([name, label, hint, inputMode]) => (
        <AdminField key={name} name={name} label={label} hint={hint}>
          <Input inputMode={inputMode} autoComplete="off" />
        </AdminField>
      ))}
      <SlabPhotoInput side="front" />
      <SlabPhotoInput side="back" />
    </AdminFormDialog>
  );
}

/**
 * The slab list's columns: card, cert (to the grader's verification page), grade, FMV, cost,
 * state, bin, pack or owner, and 'Details' to `detailHref(slab.id)`.
 */
const slabColumns = (detailHref: (slabId: number) => string): AdminColumn<InventorySlab>[] => [
  {
    header: "Card",
    cell: (slab) => (
      <span className="block">
        <span className="block font-medium">
          {slab.card.name}
          {slab.card.variant ? ` (${slab.card.variant})` : ""}
        </span>
        <span className="text-muted-foreground block text-xs">
          {slab.card.setName} #{slab.card.number}, {slab.card.year} · card {slab.card.id}
        </span>
      </span>
    ),
  },
  {
    header: "Cert",
    className: "whitespace-nowrap",
    cell: (slab) => <SlabCert slab={slab} />,
  },
  { header: "Grade", numeric: true, cell: (slab) => slab.grade.toFixed(1) },
  { header: "FMV", numeric: true, cell: (slab) => formatCents(slab.fmvCents) },
  { header: "Cost", numeric: true, cell: (slab) => formatCents(slab.costCents) },
  { header: "State", cell: (slab) => <SlabStateBadge state={slab.state} /> },
  { header: "Bin", className: "whitespace-nowrap", cell: (slab) => slab.bin },
  {
    header: "Pack or owner",
    cell: (slab) =>
      slab.pack ? (
        <span className="text-xs">
          {slab.pack.name} ({slab.pack.tier})
        </span>
      ) : slab.owner ? (
        <span className="text-xs break-all">{slab.owner.email}</span>
      ) : (
        NONE
      ),
  },
  {
    header: "Actions",
    pinned: true,
    cell: (slab) => (
      <Button asChild variant="outline" size="sm">
        <Link
          to={detailHref(slab.id)}
          aria-label={`Details of ${slab.grader} ${slab.cert}`}
          preventScrollReset
        >
          Details
        </Link>
      </Button>
    ),
  },
];

/** The CSV imports (admins): slabs, then sales (comps), each a page of its own. */
const IMPORTS = [
  { to: "/admin/inventory/import", label: "Import slabs from CSV", variant: "primary" },
  { to: "/admin/inventory/comps", label: "Import sales (comps)", variant: "outline" },
] as const;

/**
 * Inventory (docs/design.md "Inventory (real slabs)"): the operator view, then the vault's slabs,
 * filtered by state, grader, card or cert and bin, each with its grader and cert (linking to
 * the grader's verification page), grade, FMV, cost, state, bin and pool or owner; 'Details'
 * opens a slab with its custody history and, for admins, its actions. The CSV import is a page
 * of its own.
 */
export function InventoryTab({ data }: AdminTabProps<InventoryTabData>) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete("slab");
  const listHref = `/admin?${search.toString()}`;
  const detailHref = (slabId: number) => {
    const next = new URLSearchParams(search);
    next.set("slab", String(slabId));
    return `/admin?${next.toString()}`;
  };
  if (data.detail) {
    return <SlabDetail slab={data.detail} backHref={listHref} canManage={data.canManage} />;
  }
  const { filters } = data.list;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="space-y-10">
      <OperatorSummary view={data.operator} />
      <AdminPagedSection
        title="Slabs"
        emptyLabel={
          filtered
            ? "No slabs match these filters."
            : "No slabs yet: import a CSV to take slabs in."
        }
        data={data.list}
        columns={slabColumns(detailHref)}
        description={
          data.canManage
            ? "Every graded slab the vault has taken in, newest first. Open one to see its custody history, receive it into house stock or write it off."
            : "Every graded slab the vault has taken in, newest first. Read-only: only admins change slabs."
        }
        actions={
          <div className="space-y-4">
            {data.canManage ? (
              <div className="flex flex-wrap gap-2">
                {IMPORTS.map(({ to, label, variant }) => (
                  <Button key={to} asChild variant={variant}>
                    <Link to={to}>
                      <FileUp className="size-4" aria-hidden="true" />
                      {label}
                    </Link>
                  </Button>
                ))}
                <AddSlab cards={data.cardChoices} />
              </div>
            ) : null}
            <p className="text-sm">
              <Link to="/admin/reserves" className="text-accent underline">
                Reserve snapshots and cycle counts
              </Link>
            </p>
            <InventoryFilters filters={filters} />
          </div>
        }
      />
    </div>
  );
}
