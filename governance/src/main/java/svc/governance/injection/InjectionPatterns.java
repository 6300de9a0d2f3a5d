package svc.governance.injection;

import java.util.List;
import java.util.Map;

/**
 * The built-in patterns. High patterns name an attack outright (discard your instructions, show
 * your prompt, a jailbreak persona); medium patterns are common in attacks but also in honest
 * requests (role play, "act as", "new task"), so they only block in pairs. Each pattern covers
 * English and German, the languages of the evaluation set; a few stock phrasings in Spanish,
 * French, Russian and Croatian seen in that set ride along in the multilingual pattern.
 */
public final class InjectionPatterns {

    // Shared vocabulary: what an attacker asks the model to discard. Directives are discarded
    // outright; sources (documents, context, ...) only when qualified as "all"/"previous"/"provided",
    // so "ignore the context column" or "skip the tasks that failed" stay ordinary requests.
    private static final String EN_DIRECTIVES =
            "(?:instructions?|prompts?|orders|commands|directions|directives|rules|" + "guidelines|everything)";
    private static final String EN_SOURCES = "(?:documents?|context|articles?|artikels?|tasks|assignments|information)";
    private static final String EN_QUALIFIER =
            "(?:all|previous|prior|above|preceding|earlier|former|provided|original|initial)";
    private static final String EN_RULES = "(?:" + EN_DIRECTIVES + "|" + EN_SOURCES + ")";
    private static final String DE_RULES = "(?:anweisungen|instruktionen|befehle|vorgaben|aufträge|aufgaben|regeln|"
            + "angaben|informationen|ausführungen|dokumente|artikel|kontext)";

    private InjectionPatterns() {}

    /**
     * Per pattern, words one of which every match contains (after case folding). Derived by hand
     * from each pattern's alternatives: usually the object of the phrase ("instructions",
     * "prompt"), which every alternative needs, rather than the many possible verbs.
     */
    private static final Map<String, List<String>> TRIGGERS = Map.ofEntries(
            Map.entry("ignore_instructions_en", List.of("ignore", "disregard", "drop", "bypass")),
            Map.entry("ignore_instructions_de", List.of("ignorier", "missachte", "übergehe", "verwirf", "vergessen")),
            Map.entry("forget_everything_en", List.of("abandon", "forget")),
            Map.entry("forget_everything_de", List.of("vergiss", "kopf", "hinter")),
            Map.entry("reveal_prompt_en", List.of("prompt", "instructions", "system", "written")),
            Map.entry(
                    "reveal_prompt_de",
                    List.of("prompt", "anweisungen", "instruktionen", "systemnachricht", "steht", "stand")),
            Map.entry("jailbreak_persona", List.of("dan", "anything", "developer", "jailbr", "god", "entwicklermodus")),
            Map.entry(
                    "override_instructions_en", List.of("instruction", "rules", "guidelines", "prompt", "programming")),
            Map.entry("override_instructions_de", List.of("anweisung", "instruktion", "vorgaben", "regeln")),
            Map.entry(
                    "disable_safety",
                    List.of("restriction", "filter", "censorship", "guideline", "polic", "einschränkung", "zensur")),
            Map.entry(
                    "previous_context_void",
                    List.of("previous", "prior", "preceding", "bisherig", "vorherig", "vorangegangen")),
            Map.entry("forget_instructions_multilingual", List.of("olvid", "oubliez", "ignorez", "zaboravi", "забуд")),
            Map.entry("act_as_en", List.of("act", "behave", "respond", "want")),
            Map.entry("act_as_de", List.of("fungieren", "agieren", "auftreten", "rolle", "möchte")),
            Map.entry("pretend_en", List.of("pretend", "imagine", "role")),
            Map.entry("pretend_de", List.of("stell", "tu")),
            Map.entry("you_are_now_en", List.of("now")),
            Map.entry("you_are_now_de", List.of("bist")),
            Map.entry("new_task_en", List.of("new", "further", "that", "now")),
            Map.entry("new_task_de", List.of("neue", "weitere", "genügt", "reicht", "erledigt", "nun", "jetzt")),
            Map.entry("stay_in_character", List.of("character", "role", "rolle", "actor", "schauspieler")),
            Map.entry("say_exactly_en", List.of("just", "only", "repeat", "say", "correct")),
            Map.entry("say_exactly_de", List.of("sag", "schreib", "gib", "sprich", "richtige")),
            Map.entry(
                    "ignore_sources",
                    List.of(
                            "disregard",
                            "regardless",
                            "instead",
                            "not",
                            "don'",
                            "information",
                            "written",
                            "knowledge")),
            Map.entry("stop_interjection", List.of("stop", "attention", "achtung")));

    public static List<InjectionPattern> defaults() {
        return PATTERNS;
    }

    private static final List<InjectionPattern> PATTERNS = withTriggers(List.of(
            // ---- high: one occurrence blocks ----
            InjectionPattern.high(
                    "ignore_instructions_en",
                    "\\b(?:ignore|disregard|drop|bypass)\\s+(?:"
                            + "(?:(?:any|the|your|my|of|these|those|other|" + EN_QUALIFIER + ")\\s+){0,4}"
                            + EN_DIRECTIVES + "\\b"
                            + "|(?:(?:the|your|of|these|those)\\s+){0,2}" + EN_QUALIFIER
                            + "\\s+(?:(?:the|your|provided|previous|prior)\\s+){0,2}" + EN_SOURCES + "\\b"
                            + "|(?:the\\s+)?above(?=\\s*(?:and\\b|then\\b|[,.!?:]|$)))"),
            InjectionPattern.high(
                    "ignore_instructions_de",
                    "\\b(?:ignorier(?:e|en|t)?|missachte|übergehe|verwirf)\\s+(?:(?:sie|alle|die|deine|ihre|"
                            + "obigen|vorherigen|bisherigen|vorangehenden|vorangegangenen|vorigen|bisher)\\s+){0,4}"
                            + DE_RULES + "\\b"
                            + "|\\b(?:die\\s+)?(?:obigen|vorherigen|bisherigen|vorangehenden)\\s+" + DE_RULES
                            + "\\s+(?:ignorieren|vergessen|missachten)\\b"),
            InjectionPattern.high(
                    "forget_everything_en",
                    "\\babandon\\s+all\\s+(?:your\\s+)?(?:thoughts|instructions|rules)\\b"
                            + "|(?<!\\bdon't\\s|\\bnot\\s|\\bnever\\s)\\bforget\\s+(?:about\\s+)?(?:everything|"
                            + "all\\s+(?:(?:of\\s+)?(?:the|your|my|previous|prior|"
                            + "above|preceding|earlier)\\s+){0,3}" + EN_RULES + ")"),
            InjectionPattern.high(
                    "forget_everything_de",
                    "\\bvergiss\\s+(?:(?:nun|jetzt|bitte|einfach)\\s+)?(?:alles\\b|alle\\s+(?:(?:deine|ihre|"
                            + "vorherigen|bisherigen|vorangehenden|vorangegangenen|obigen)\\s+){0,2}" + DE_RULES + ")"
                            + "|\\b(?:aus\\s+dem\\s+kopf\\s+(?:zu\\s+)?streichen|"
                            + "hinter\\s+sich\\s+(?:zu\\s+)?lassen)\\b"),
            InjectionPattern.high(
                    "reveal_prompt_en",
                    "\\b(?:reveal|show|print|display|output|repeat|leak|tell\\s+me|give\\s+me|what\\s+(?:are|were|is))"
                            + "\\b[^.!?\\n]{0,30}?\\b(?:your|the|this|all\\s+(?:of\\s+)?your)\\s+"
                            + "(?:(?:initial|original|hidden|full|secret|entire|complete)\\s+)?"
                            + "(?:system\\s+prompt|prompt[\\s-]?texts?|instructions|system\\s+message)\\b"
                            + "|\\bwhat\\s+(?:was|is)\\s+written\\s+(?:above|at\\s+the\\s+beginning)"),
            InjectionPattern.high(
                    "reveal_prompt_de",
                    "\\b(?:zeige?|verrate|gib|nenne|wiederhole|vorzeigen)\\b[^.!?\\n]{0,30}?\\b(?:system-?prompt|"
                            + "prompt-?texte?|(?:deine|ihre|die)\\s+(?:ursprünglichen\\s+|geheimen\\s+|gesamten\\s+)?"
                            + "(?:anweisungen|instruktionen|systemnachricht))"
                            + "|\\bvorzeigen\\s+sämtlicher\\s+prompt|\\bwas\\s+(?:steht|stand)\\s+(?:oben|"
                            + "am\\s+anfang)"),
            InjectionPattern.high(
                    "jailbreak_persona",
                    "\\b(?:DAN\\s+mode|do\\s+anything\\s+now|developer\\s+mode|jailbr(?:eak|oken)\\w*|god\\s*mode|"
                            + "entwicklermodus|(?:you\\s+are|you're|act\\s+as|du\\s+bist)\\s+(?:now\\s+|"
                            + "jetzt\\s+)?(?-i:DAN))\\b"),
            InjectionPattern.high(
                    "override_instructions_en",
                    "\\b(?:change|replace|update|overwrite|override|reset)\\s+(?:your|the|all|my)\\s+(?:\\w+\\s+)?"
                            + "(?:instructions|rules|guidelines|system\\s+prompt|programming)\\b"
                            + "|\\byour\\s+(?:new\\s+)?instructions\\s+are\\s+now\\b"
                            + "|\\bnew\\s+(?:system\\s+)?instructions?\\s*:"),
            InjectionPattern.high(
                    "override_instructions_de",
                    "\\b(?:abweichend\\s+(?:zu|von)|entgegen)\\s+(?:den\\s+)?(?:vorherigen|bisherigen|obigen|"
                            + "vorangegangenen)\\s+(?:anweisungen|instruktionen|vorgaben)"
                            + "|\\b(?:ändere|überschreibe|ersetze)\\s+(?:deine|ihre|die)\\s+(?:anweisungen|"
                            + "instruktionen|regeln)"
                            + "|\\bneue\\s+(?:system-?)?anweisungen?\\s*:"),
            InjectionPattern.high(
                    "disable_safety",
                    "\\b(?:bypass|disable|circumvent|deactivate|turn\\s+off|ignore)\\s+(?:any\\s+|all\\s+|your\\s+)?"
                            + "(?:safety\\s+|content\\s+|ethical\\s+|moral\\s+)?"
                            + "(?:restrictions|filters|censorship|guidelines|polic(?:y|ies))\\b"
                            + "|\\b(?:without|no)\\s+(?:any\\s+)?(?:safety|content|ethical|moral|programming)\\s+"
                            + "(?:restrictions|filters?|guidelines|polic(?:y|ies))\\b"
                            + "|\\b(?:ohne|deaktiviere|entferne)\\s+(?:alle\\s+|jegliche\\s+)?(?:einschränkungen|"
                            + "filter|zensur)\\b"),
            InjectionPattern.high(
                    "previous_context_void",
                    "\\b(?:all|alle)\\s+(?:the\\s+|die\\s+)?(?:previous|prior|preceding|bisherigen|vorherigen|"
                            + "vorangegangenen)\\s+(?:information|informationen|tasks|aufgaben|instructions|"
                            + "anweisungen)\\b"
                            + "[^.!?\\n]{0,60}?\\b(?:irrelevant|unwichtig|nicht\\s+(?:ganz\\s+)?(?:großartig|wichtig)"
                            + "|behind|hinter\\s+sich|out\\s+of\\s+your\\s+head|aus\\s+dem\\s+kopf)"),
            InjectionPattern.high(
                    "forget_instructions_multilingual",
                    "\\b(?:olvid[ae]\\s+tod[oa]s?|oubliez\\s+tout(?:es)?|ignorez\\s+(?:toutes\\s+)?les\\s+instructions|"
                            + "zaboravi\\s+sve)\\b|забудьте\\s+все|забудь\\s+все"),

            // ---- medium: two occurrences block ----
            // "I want you to" is its own occurrence: "I want you to act as a terminal" counts two.
            InjectionPattern.medium(
                    "act_as_en",
                    "\\b(?:act|acting|behave|respond)\\s+as\\s+(?:an?|the|if|my)\\b|\\bI\\s+want\\s+you\\s+to\\b"),
            InjectionPattern.medium(
                    "act_as_de",
                    "\\bals\\s+[^.!?\\n]{1,80}?\\s+(?:fungieren|agieren|auftreten)\\b"
                            + "|\\bspiel(?:e|st)?\\s+die\\s+rolle\\b"
                            + "|\\bich\\s+möchte,?\\s+dass\\s+(?:du|sie)\\b"),
            InjectionPattern.medium(
                    "pretend_en",
                    "\\b(?:pretend|imagine)\\s+(?:that\\s+)?(?:you|you're|to\\s+be)\\b|\\brole-?play(?:ing)?\\s+as\\b"),
            InjectionPattern.medium(
                    "pretend_de", "\\bstell(?:e|en)?\\s+(?:dir|euch|sie\\s+sich)\\s+vor\\b|\\btu\\s+so,?\\s+als\\b"),
            InjectionPattern.medium(
                    "you_are_now_en",
                    "\\b(?:you\\s+are|you're)\\s+now\\b|\\bnow\\s+you\\s+are\\b|\\bfrom\\s+now\\s+on\\b"),
            InjectionPattern.medium(
                    "you_are_now_de",
                    "\\b(?:jetzt|nun|ab\\s+jetzt|ab\\s+sofort)\\s+bist\\s+du\\b|\\bdu\\s+bist\\s+(?:jetzt|nun|"
                            + "ab\\s+sofort)\\b"),
            InjectionPattern.medium(
                    "new_task_en",
                    "\\b(?:your\\s+)?new\\s+(?:task|tasks|challenge|assignment)\\b|\\bfurther\\s+tasks\\b"
                            + "|\\bthat\\s+is\\s+(?:enough|done)\\b|\\bnew\\s+instructions\\s+follow\\b"
                            + "|\\bnow\\s+(?:please\\s+)?(?:write|focus\\s+on|concentrate\\s+on|"
                            + "help\\s+me\\s+with\\s+the\\s+following)\\b"),
            InjectionPattern.medium(
                    "new_task_de",
                    "\\bneuen?\\s+(?:aufgabe|aufgaben|herausforderung)\\b|\\bweitere\\s+aufgaben\\b"
                            + "|\\bdas\\s+(?:genügt|reicht|ist\\s+erledigt)\\b|\\bneue\\s+anweisungen\\b"
                            + "|\\b(?:verfasse|schreibe|konzentriere\\s+dich|hilf\\s+mir)\\s+(?:nun|jetzt)\\b"),
            InjectionPattern.medium(
                    "stay_in_character",
                    "\\b(?:stay|remain|stays?|bleiben?)\\s+(?:fully\\s+|voll\\s+|immer\\s+)?(?:in\\s+(?:character|"
                            + "their\\s+roles?|your\\s+role|ihren\\s+rollen|deiner\\s+rolle))"
                            + "|\\b(?:do\\s+not|don't|never)\\s+break\\s+character\\b|"
                            + "\\bin\\s+deiner\\s+rolle\\s+auf\\b"
                            + "|\\babsorbed\\s+in\\s+(?:your|their|the)\\s+role\\b"
                            + "|\\b(?:excellent|good|great|hervorragende|gute)\\s+(?:actors|schauspieler)\\b"),
            InjectionPattern.medium(
                    "say_exactly_en",
                    "\\b(?:just|only)\\s+(?:say|output|print|write|answer\\s+with)\\b|\\brepeat\\s+after\\s+me\\b"
                            + "|\\bsay\\s+(?:yes|no)\\b|\\bthe\\s+correct\\s+answer\\s+is\\b"),
            InjectionPattern.medium(
                    "say_exactly_de",
                    "\\b(?:sag|sage|schreib|schreibe|gib)\\s+(?:nur|einfach|lediglich)\\b|\\bsprich\\s+mir\\s+nach\\b"
                            + "|\\bdie\\s+richtige\\s+antwort\\s+ist\\b"),
            InjectionPattern.medium(
                    "ignore_sources",
                    "\\b(?:disregarding|regardless\\s+of|instead\\s+of)\\s+(?:the\\s+)?(?:articles?|documents?|"
                            + "context)\\b"
                            + "|\\bnot\\s+(?:by|from|according\\s+to)\\s+(?:the\\s+)?(?:provided\\s+)?(?:articles?|"
                            + "documents?)\\b"
                            + "|\\b(?:do\\s+not|don't|don'nt)\\s+(?:look\\s+in|answer\\s+(?:this|the))\\b"
                            + "|\\b(?:information|written)\\s+in\\s+the\\s+prompt\\b"
                            + "|\\b(?:answer|respond)\\s+(?:by|from|with)\\s+your\\s+own\\s+knowledge\\b"),
            InjectionPattern.medium(
                    "stop_interjection", "(?:^|[.!?:]\\s*|\\s)(?:stop|stopp|attention|achtung)\\s*[-:,!]")));

    /** Every pattern without triggers: the reference the trigger test compares against. */
    static List<InjectionPattern> withoutTriggers() {
        return PATTERNS.stream().map(p -> p.withTriggers(List.of())).toList();
    }

    private static List<InjectionPattern> withTriggers(List<InjectionPattern> patterns) {
        return patterns.stream()
                .map(p -> p.withTriggers(TRIGGERS.getOrDefault(p.id(), List.of())))
                .toList();
    }
}
