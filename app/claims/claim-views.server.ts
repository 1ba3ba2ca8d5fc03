import { t } from "~/lib/i18n";
import { accountAgeText, sentAtText } from "./sender-texts";
import { REACHABLE_STATUSES } from "../markets/query/visibility.server";
import { contactKind } from "./claim-form";
import { managePath } from "./claim-paths";
import type { QueuedClaim } from "./claim-queue.server";
import type { ClaimCardView } from "./components/ClaimCard";
import { RELATION_LABELS } from "./claim-texts";
import type { ClaimStatus } from "./claims.server";

function isReachable(status: string): boolean {
  return (REACHABLE_STATUSES as readonly string[]).includes(status);
}

/** "Godkendt 3. maj 2026 kl. 14.05", "Afvist …", "Venter på svar". */
function outcomeText(status: ClaimStatus, decidedAt: string | null): string {
  if (status === "open") return t("claims.admin.card.outcome.open");
  const when = decidedAt ? sentAtText(decidedAt) : "";
  return status === "approved" ? t("claims.admin.card.outcome.approved", { when }) : t("claims.admin.card.outcome.rejected", { when });
}

/** A phone number to call or an address to write to, as a link. */
function contactLink(contact: string | null): ClaimCardView["contact"] {
  if (!contact) return null;
  const kind = contactKind(contact);
  if (kind === "email") return { text: contact, href: `mailto:${contact}` };
  if (kind === "phone") return { text: contact, href: `tel:${contact.replace(/[\s-]/g, "")}` };
  return { text: contact, href: null };
}

/** An open claim as the admin's page shows it, every text in Danish. */
export function claimCardView(item: QueuedClaim, now: Date): ClaimCardView {
  const { claim, market, person } = item;
  return {
    id: claim.id,
    sentAt: sentAtText(claim.createdAt),
    market: { name: market.name, city: market.city, href: `/markeder/${market.slug}` },
    person: person
      ? {
          name: person.name,
          email: person.email,
          verified: person.emailVerified,
          age: accountAgeText(person.createdAt, now),
          // A market the public cannot open (waiting, turned down) is shown on its control panel.
          markets: person.markets.map((owned) => ({ name: owned.name, href: isReachable(owned.status) ? `/markeder/${owned.slug}` : managePath(owned.id) })),
          earlier: person.earlier.map((earlier) => ({
            id: earlier.id,
            marketName: earlier.marketName,
            href: `/markeder/${earlier.marketSlug}`,
            outcome: outcomeText(earlier.status, earlier.decidedAt),
            reason: earlier.status === "rejected" ? earlier.reason : null,
          })),
        }
      : null,
    relation: RELATION_LABELS[claim.relation],
    contact: contactLink(claim.contact),
    message: claim.message,
    rivals: item.rivals,
  };
}
