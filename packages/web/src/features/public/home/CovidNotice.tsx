import classes from './home.module.css';

/**
 * The COVID-19 notice of the Italian home (spec §1, §9): Italian only, kept as an archived
 * notice in the past tense since the rules are no longer in force.
 */
export function CovidNotice() {
  return (
    <aside className={classes.covid} aria-labelledby="covid-title" lang="it">
      <h2 id="covid-title" className={classes.noticeTitle}>
        Avviso COVID-19 <span className={classes.archived}>(archivio)</span>
      </h2>
      <p>Durante l'emergenza sanitaria l'imbarco sui nostri voli era soggetto a queste regole, oggi non più in vigore:</p>
      <ul>
        <li>una temperatura corporea superiore a 37,5 °C poteva impedire l'imbarco;</li>
        <li>era obbligatorio indossare la mascherina FFP2 per tutta la durata del volo;</li>
        <li>era richiesto il Green Pass.</li>
      </ul>
    </aside>
  );
}
