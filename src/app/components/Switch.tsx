/**
 * An on/off switch: a checkbox with role="switch", named by its visible label (aria-labelledby)
 * and described by its explanation. A real form control, so it works before script runs and
 * without it (the cookie settings form posts it). The On/Off text beside it makes the state
 * visible without relying on colour (WCAG 1.4.1); CSS shows the one that matches the box, so it
 * follows a change made without script too.
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
  /** The field's name in a form post (sent as "on" when checked). */
  name?: string;
}

export function Switch({ checked, onChange, labelledBy, describedBy, disabled, id, name }: Props) {
  return (
    <span className="switch-field">
      <input
        type="checkbox"
        role="switch"
        id={id}
        name={name}
        className="switch"
        checked={checked}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(e) => onChange?.(e.currentTarget.checked)}
      />
      {/* Outside the control: the name stays exactly the visible label (WCAG 2.5.3). */}
      <span className="switch__state" aria-hidden="true">
        <span className="switch__on">On</span>
        <span className="switch__off">Off</span>
      </span>
    </span>
  );
}
