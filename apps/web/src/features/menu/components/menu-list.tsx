import type { MenuItem } from '@venue/contract/menu';
import { formatMoney } from '@venue/domain/money';
import { thumbnailSources } from '../../../lib/display-asset';
import { useFirstPaintDone } from '../../../lib/first-paint';
import { sectionId, type MenuSection } from '../lib/menu-view';
import styles from './menu-list.module.css';

/** What the basket holds of an item, as the menu shows it. */
export interface ItemInBasket {
  count: number;
  /** the plus button adds one more (false at 99 in a line) */
  canIncrease: boolean;
  /** the option choices in the basket, one text per line, e.g. "2 × Medium, Fries" */
  choices: string[];
}

export interface MenuListProps {
  sections: MenuSection[];
  basket: ReadonlyMap<string, ItemInBasket>;
  /** items with option groups to choose from */
  hasOptions: (item: MenuItem) => boolean;
  onIncrease: (item: MenuItem) => void;
  onDecrease: (item: MenuItem) => void;
  onOptions: (item: MenuItem) => void;
  /** ordering is off (closed or paused): counters are disabled */
  disabled?: boolean;
}

/** The thumbnail's side in CSS pixels (menu-list.module.css .thumb). */
const THUMB_PX = 64;

/** Pictures above the fold load at once; the rest when scrolled near. */
const EAGER_IMAGES = 4;

/** Spec §2 place-order menu: item types as headed sections, each item with picture, text, price and counter. */
export function MenuList({ sections, basket, hasOptions, onIncrease, onDecrease, onOptions, disabled }: MenuListProps) {
  // Pictures load once the menu has painted (lib/first-paint.ts); their slots are kept meanwhile.
  const painted = useFirstPaintDone();
  const eager = new Set(
    sections
      .flatMap((section) => section.items)
      .slice(0, EAGER_IMAGES)
      .map((item) => item.id),
  );
  return (
    <div className={styles.menu}>
      {sections.map((section) => (
        <section
          key={section.itemType}
          id={sectionId(section.itemType)}
          className={styles.section}
          aria-labelledby={`${sectionId(section.itemType)}-title`}
        >
          <h2 id={`${sectionId(section.itemType)}-title`} className={styles.sectionTitle}>
            {section.itemType}
          </h2>
          <ul className={styles.items}>
            {section.items.map((item) => (
              <MenuItemRow
                key={item.id}
                item={item}
                inBasket={basket.get(item.name)}
                withOptions={hasOptions(item)}
                eager={eager.has(item.id)}
                painted={painted}
                disabled={disabled ?? false}
                onIncrease={onIncrease}
                onDecrease={onDecrease}
                onOptions={onOptions}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

interface RowProps {
  item: MenuItem;
  inBasket: ItemInBasket | undefined;
  withOptions: boolean;
  eager: boolean;
  /** whether the first screen has painted, so the picture may load */
  painted: boolean;
  disabled: boolean;
  onIncrease: (item: MenuItem) => void;
  onDecrease: (item: MenuItem) => void;
  onOptions: (item: MenuItem) => void;
}

function MenuItemRow({
  item,
  inBasket,
  withOptions,
  eager,
  painted,
  disabled,
  onIncrease,
  onDecrease,
  onOptions,
}: RowProps) {
  const count = inBasket?.count ?? 0;
  const soldOut = item.currentInventory === 0;
  return (
    <li className={soldOut ? `${styles.item} ${styles.soldOutItem}` : styles.item} data-menu-item={item.name}>
      {item.displayAssetId !== null ? (
        <img
          className={styles.thumb}
          {...(painted ? thumbnailSources(item.displayAssetId, THUMB_PX) : {})}
          alt={painted ? item.name : ''}
          width={THUMB_PX}
          height={THUMB_PX}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <span className={`${styles.thumb} ${styles.placeholder}`} aria-hidden="true">
          {item.name.charAt(0)}
        </span>
      )}
      <div className={styles.body}>
        <h3 className={styles.name}>{item.name}</h3>
        {item.description && <p className={styles.description}>{item.description}</p>}
        {inBasket && inBasket.choices.length > 0 && withOptions && (
          <ul className={styles.choices} aria-label={`${item.name} in your order`}>
            {inBasket.choices.map((choice, index) => (
              <li key={index}>{choice}</li>
            ))}
          </ul>
        )}
      </div>
      {/* price and counter span the row under picture and text, so names keep one line */}
      <div className={styles.controls}>
        <span className={styles.price}>{formatMoney(item.price.minorAmount)}</span>
        {withOptions && !soldOut && (
          <button
            type="button"
            className={styles.options}
            onClick={() => onOptions(item)}
            disabled={disabled}
            aria-label={`Options for ${item.name}`}
          >
            Options
          </button>
        )}
        {soldOut ? (
          <span className={styles.soldOut}>Sold Out</span>
        ) : (
          <div className={styles.counter} role="group" aria-label={`${item.name} quantity`}>
            <button
              type="button"
              className={styles.step}
              onClick={() => onDecrease(item)}
              disabled={disabled || count === 0}
              aria-label={`Remove one ${item.name}`}
            >
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                <path d="M4 10h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            </button>
            <output className={styles.count} aria-live="polite" aria-label={`${count} ${item.name} in your order`}>
              {count}
            </output>
            <button
              type="button"
              className={`${styles.step} ${styles.plus}`}
              onClick={() => onIncrease(item)}
              disabled={disabled || (inBasket ? !inBasket.canIncrease : false)}
              aria-label={`Add one ${item.name}`}
            >
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                <path d="M4 10h12M10 4v12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
