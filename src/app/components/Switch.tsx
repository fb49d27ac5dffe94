/**
 * An on/off switch: a <button role="switch" aria-checked>, named by its visible label
 * (aria-labelledby) and described by its explanation. The On/Off text beside it makes the state
 * visible without relying on colour (WCAG 1.4.1).
 */
interface Props {
  checked: boolean;
  onChange?: (checked: boolean) => void;
  /** Id of the element holding the visible label. */
  labelledBy: string;
  /** Id of the element explaining the setting. */
  describedBy?: string;
  disabled?: boolean;
  id?: string;
}

export function Switch({ checked, onChange, labelledBy, describedBy, disabled, id }: Props) {
  return (
    <span className="switch-field">
      <button
        type="button"
        role="switch"
        id={id}
        className="switch"
        aria-checked={checked}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => onChange?.(!checked)}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
      {/* Outside the button: the name stays exactly the visible label (WCAG 2.5.3). */}
      <span className="switch__state" aria-hidden="true">{checked ? 'On' : 'Off'}</span>
    </span>
  );
}
