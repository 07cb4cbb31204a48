"""The token shapes and statement order of mgn.lark, written by ``python -m muggins.notation.table``
(notation/derive.py says what they are): do not edit."""

GRAMMAR = '// The .mgn record notation: the grammar of ONE record. NOTATION.md is the source of truth and\n// changes together with this file and formatter.py.\n//\n// Parsed by LALR(1) with the contextual lexer and strict=True (parser.py), so a terminal is\n// only tried where the grammar allows it: the end `d` and the keyword `deal` never compete, nor\n// a seat and a tag name. Every terminal is named, so "expected ..." messages can be put in\n// players\' words (errors.py). The transformer (builder.py) builds notation/model.py values in\n// the same pass; the line and column of each statement come from its first token.\n//\n// Shaped for speed (a turn costs a few tokens and one reduction):\n// - a turn is one flat rule that extends the list of turns before it;\n// - the tiles of a deal, a boneyard or a draw are ONE token (TILES);\n// - every terminal swallows the whitespace after it (the `_S` suffix), which halves the work of\n//   the lexer; the transformer strips it off. WHITESPACE is still ignored, for leading space.\n\nstart: comments? header+ hand*\n\n// Comments follow the statement they belong to; those before the first tag belong to the record.\ncomments: COMMENT+\n\nheader: LBRACKET TAG KEY? STRING RBRACKET comments?\n\nhand: hand_open setup? turns? ending?\nhand_open: HAND NUMBER comments?\n\nsetup: deal+ boneyard? lead?\n     | boneyard lead?\n     | lead\ndeal: DEAL SEAT TILES comments?\n    | DEAL SEAT UNKNOWN comments?\nboneyard: BONEYARD TILES? comments?\nlead: LEAD SEAT comments?\n\n// Each kind of turn extends the turns before it, so a turn costs one reduction.\nturns: turns? SEAT TILE END? INLINE? MARK? CLAIM? comments?  -> play\n     | turns? SEAT DRAW (TILES | NUMBER) comments?          -> draw\n     | turns? SEAT PASS comments?                           -> pass_turn\n     | turns? SEAT MUGGINS SEAT CLAIM comments?             -> muggins\n     | turns? SEAT CLAIM comments?                          -> sheet\n\nending: outcome pips? score? totals?\n      | pips score? totals?\n      | score totals?\n      | totals\noutcome: DOMINO SEAT? comments?\n       | BLOCKED comments?\npips: PIPS entries comments?\nscore: SCORE entries comments?\ntotals: TOTALS entries comments?\nentries: ID INT\n       | entries ID INT\n\n// ---- terminals (keep the words for each in errors.py: EXPECTED_WORDS) ------------------------\n_S: /[ \\t\\r\\n\\f]*/\n\nLBRACKET: "[" _S\nRBRACKET: "]" _S\nTAG: /[A-Za-z][A-Za-z0-9_]*/ _S\nKEY: /[A-Za-z_][A-Za-z0-9_]*/ _S\nSTRING: /"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"/ _S  // an unrolled loop: linear in a 10 MB value\n\nHAND: /hand\\b/ _S\nDEAL: /deal\\b/ _S\nBONEYARD: /boneyard\\b/ _S\nLEAD: /lead\\b/ _S\nDRAW: /draw\\b/ _S\nPASS: /pass\\b/ _S\nMUGGINS: /muggins\\b/ _S\nINLINE: /inline\\b/ _S\nDOMINO: /domino\\b/ _S\nBLOCKED: /blocked\\b/ _S\nPIPS: /pips\\b/ _S\nSCORE: /score\\b/ _S\nTOTALS: /totals\\b/ _S\n\n// A seat (turns, deal, lead, domino) and an id in a tally (a seat or a team) are spelt alike;\n// they never meet in one lexer state.\nSEAT: /[A-Z][A-Za-z0-9_]*/ _S\nID: /[A-Z][A-Za-z0-9_]*/ _S\nTILE: /[0-9]+-[0-9]+(?![0-9-])/ _S\nTILES: /[0-9]+-[0-9]+(?![0-9-])(?:[ \\t\\r\\n\\f]+[0-9]+-[0-9]+(?![0-9-]))*/ _S\nUNKNOWN: "?" _S\nEND: /(?:[lr]|[ud](?:[2-9]|[1-9][0-9]+)?)\\b/ _S\nMARK: /(?:!\\?|\\?!|\\?\\?|!|\\?)/ _S\nCLAIM: /\\+[0-9]{1,9}(?![0-9])/ _S\nNUMBER: /[0-9]{1,9}(?![0-9-])/ _S\nINT: /-?[0-9]{1,9}(?![0-9-])/ _S\n// A brace comment may span lines but never a record\'s start: a blank line, then perhaps more\n// blank lines and lines of ; comments (holding no }), then a line opening with [ (NOTATION.md,\n// "Comments"); one left open is an error at its {, and reading goes on there. Such a run of\n// lines is looked over once, at its first blank line (possessive), so the scan stays linear.\nCOMMENT: /(?:\\{[^}\\n]*(?:\\n(?:(?=[ \\t\\r]*\\n)(?:[ \\t\\r]*\\n|[ \\t]*;[^}\\n]*\\n)*+(?!\\[)|(?![ \\t\\r]*\\n))[^}\\n]*)*\\}|;[^\\n]*)/ _S\n\nWHITESPACE: /[ \\t\\r\\n\\f]+/\n%ignore WHITESPACE\n'

SPEC = {'BLANK': '[ \t\r\n\x0c]',
 'BLANKS': '\t\x0c\r ',
 'TERMINALS': {'LBRACKET': '\\[',
               'RBRACKET': '\\]',
               'TAG': '[A-Za-z][A-Za-z0-9_]*',
               'KEY': '[A-Za-z_][A-Za-z0-9_]*',
               'STRING': '"[^"\\\\\n]*(?:\\\\.[^"\\\\\n]*)*"',
               'HAND': 'hand\\b',
               'DEAL': 'deal\\b',
               'BONEYARD': 'boneyard\\b',
               'LEAD': 'lead\\b',
               'DRAW': 'draw\\b',
               'PASS': 'pass\\b',
               'MUGGINS': 'muggins\\b',
               'INLINE': 'inline\\b',
               'DOMINO': 'domino\\b',
               'BLOCKED': 'blocked\\b',
               'PIPS': 'pips\\b',
               'SCORE': 'score\\b',
               'TOTALS': 'totals\\b',
               'SEAT': '[A-Z][A-Za-z0-9_]*',
               'ID': '[A-Z][A-Za-z0-9_]*',
               'TILE': '[0-9]+-[0-9]+(?![0-9-])',
               'TILES': '[0-9]+-[0-9]+(?![0-9-])(?:[ \t\r\n\x0c]+[0-9]+-[0-9]+(?![0-9-]))*',
               'UNKNOWN': '\\?',
               'END': '(?:[lr]|[ud](?:[2-9]|[1-9][0-9]+)?)\\b',
               'MARK': '(?:!\\?|\\?!|\\?\\?|!|\\?)',
               'CLAIM': '\\+[0-9]{1,9}(?![0-9])',
               'NUMBER': '[0-9]{1,9}(?![0-9-])',
               'INT': '-?[0-9]{1,9}(?![0-9-])',
               'COMMENT': '(?:\\{[^}\n'
                          ']*(?:\n'
                          '(?:(?=[ \t\r'
                          ']*\n'
                          ')(?:[ \t\r'
                          ']*\n'
                          '|[ \t]*;[^}\n'
                          ']*\n'
                          ')*+(?!\\[)|(?![ \t\r'
                          ']*\n'
                          '))[^}\n'
                          ']*)*\\}|;[^\n'
                          ']*)'},
 'KEYWORDS': {'HAND': 'hand',
              'DEAL': 'deal',
              'BONEYARD': 'boneyard',
              'LEAD': 'lead',
              'DRAW': 'draw',
              'PASS': 'pass',
              'MUGGINS': 'muggins',
              'INLINE': 'inline',
              'DOMINO': 'domino',
              'BLOCKED': 'blocked',
              'PIPS': 'pips',
              'SCORE': 'score',
              'TOTALS': 'totals'},
 'STATEMENTS': {'header': {'pattern': '(?>(\\[))[ \t\r\n'
                                      '\x0c'
                                      ']*+(?>([A-Za-z][A-Za-z0-9_]*))[ \t\r\n'
                                      '\x0c'
                                      ']*+(?:(?>([A-Za-z_][A-Za-z0-9_]*))[ \t\r\n'
                                      '\x0c'
                                      ']*+)?+(?>("[^"\\\\\n'
                                      ']*(?:\\\\.[^"\\\\\n'
                                      ']*)*"))[ \t\r\n'
                                      '\x0c'
                                      ']*+(?>(\\]))[ \t\r\n'
                                      '\x0c'
                                      ']*+',
                           'groups': ['LBRACKET', 'TAG', 'KEY', 'STRING', 'RBRACKET'],
                           'alternatives': {},
                           'openers': ['LBRACKET'],
                           'parts': {}},
                'hand_open': {'pattern': '(?>(hand\\b))[ \t\r\n'
                                         '\x0c'
                                         ']*+(?>([0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                         '\x0c'
                                         ']*+',
                              'groups': ['HAND', 'NUMBER'],
                              'alternatives': {},
                              'openers': ['HAND'],
                              'parts': {}},
                'turns': {'pattern': '(?>([A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                     '\x0c'
                                     ']*+(?:((?>([0-9]+-[0-9]+(?![0-9-])))[ \t\r\n'
                                     '\x0c'
                                     ']*+(?:(?>((?:[lr]|[ud](?:[2-9]|[1-9][0-9]+)?)\\b))[ \t\r\n'
                                     '\x0c'
                                     ']*+)?+(?:(?>(inline\\b))[ \t\r\n'
                                     '\x0c'
                                     ']*+)?+(?:(?>((?:!\\?|\\?!|\\?\\?|!|\\?)))[ \t\r\n'
                                     '\x0c'
                                     ']*+)?+(?:(?>(\\+[0-9]{1,9}(?![0-9])))[ \t\r\n'
                                     '\x0c'
                                     ']*+)?+)|((?>(draw\\b))[ \t\r\n'
                                     '\x0c'
                                     ']*+(?>(?>([0-9]+-[0-9]+(?![0-9-])(?:[ \t\r\n'
                                     '\x0c'
                                     ']+[0-9]+-[0-9]+(?![0-9-]))*))[ \t\r\n'
                                     '\x0c'
                                     ']*+|(?>([0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                     '\x0c'
                                     ']*+))|((?>(pass\\b))[ \t\r\n'
                                     '\x0c'
                                     ']*+)|((?>(muggins\\b))[ \t\r\n'
                                     '\x0c'
                                     ']*+(?>([A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                     '\x0c'
                                     ']*+(?>(\\+[0-9]{1,9}(?![0-9])))[ \t\r\n'
                                     '\x0c'
                                     ']*+)|((?>(\\+[0-9]{1,9}(?![0-9])))[ \t\r\n'
                                     '\x0c'
                                     ']*+))',
                          'groups': ['SEAT',
                                     'play',
                                     'TILE',
                                     'END',
                                     'INLINE',
                                     'MARK',
                                     'CLAIM',
                                     'draw',
                                     'DRAW',
                                     'TILES',
                                     'NUMBER',
                                     'pass_turn',
                                     'PASS',
                                     'muggins',
                                     'MUGGINS',
                                     'SEAT',
                                     'CLAIM',
                                     'sheet',
                                     'CLAIM'],
                          'alternatives': {'play': 2, 'draw': 8, 'pass_turn': 12, 'muggins': 14, 'sheet': 18},
                          'openers': ['SEAT'],
                          'parts': {}},
                'boneyard': {'pattern': '(?>(boneyard\\b))[ \t\r\n'
                                        '\x0c'
                                        ']*+(?:(?>([0-9]+-[0-9]+(?![0-9-])(?:[ \t\r\n'
                                        '\x0c'
                                        ']+[0-9]+-[0-9]+(?![0-9-]))*))[ \t\r\n'
                                        '\x0c'
                                        ']*+)?+',
                             'groups': ['BONEYARD', 'TILES'],
                             'alternatives': {},
                             'openers': ['BONEYARD'],
                             'parts': {}},
                'lead': {'pattern': '(?>(lead\\b))[ \t\r\n\x0c]*+(?>([A-Z][A-Za-z0-9_]*))[ \t\r\n\x0c]*+',
                         'groups': ['LEAD', 'SEAT'],
                         'alternatives': {},
                         'openers': ['LEAD'],
                         'parts': {}},
                'outcome': {'pattern': '(?>(?>(domino\\b))[ \t\r\n'
                                       '\x0c'
                                       ']*+(?:(?>([A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                       '\x0c'
                                       ']*+)?+|(?>(blocked\\b))[ \t\r\n'
                                       '\x0c'
                                       ']*+)',
                            'groups': ['DOMINO', 'SEAT', 'BLOCKED'],
                            'alternatives': {},
                            'openers': ['BLOCKED', 'DOMINO'],
                            'parts': {}},
                'pips': {'pattern': '(?>(pips\\b))[ \t\r\n'
                                    '\x0c'
                                    ']*+((?>(?:[A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                    '\x0c'
                                    ']*+(?>(?:-?[0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                    '\x0c'
                                    ']*+(?:(?>(?:[A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                    '\x0c'
                                    ']*+(?>(?:-?[0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                    '\x0c'
                                    ']*+)*+)',
                         'groups': ['PIPS', 'entries'],
                         'alternatives': {},
                         'openers': ['PIPS'],
                         'parts': {'entries': {'pattern': '(?>([A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                                          '\x0c'
                                                          ']*+(?>(-?[0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                                          '\x0c'
                                                          ']*+',
                                               'groups': ['ID', 'INT']}}},
                'score': {'pattern': '(?>(score\\b))[ \t\r\n'
                                     '\x0c'
                                     ']*+((?>(?:[A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                     '\x0c'
                                     ']*+(?>(?:-?[0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                     '\x0c'
                                     ']*+(?:(?>(?:[A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                     '\x0c'
                                     ']*+(?>(?:-?[0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                     '\x0c'
                                     ']*+)*+)',
                          'groups': ['SCORE', 'entries'],
                          'alternatives': {},
                          'openers': ['SCORE'],
                          'parts': {'entries': {'pattern': '(?>([A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                                           '\x0c'
                                                           ']*+(?>(-?[0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                                           '\x0c'
                                                           ']*+',
                                                'groups': ['ID', 'INT']}}},
                'totals': {'pattern': '(?>(totals\\b))[ \t\r\n'
                                      '\x0c'
                                      ']*+((?>(?:[A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                      '\x0c'
                                      ']*+(?>(?:-?[0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                      '\x0c'
                                      ']*+(?:(?>(?:[A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                      '\x0c'
                                      ']*+(?>(?:-?[0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                      '\x0c'
                                      ']*+)*+)',
                           'groups': ['TOTALS', 'entries'],
                           'alternatives': {},
                           'openers': ['TOTALS'],
                           'parts': {'entries': {'pattern': '(?>([A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                                            '\x0c'
                                                            ']*+(?>(-?[0-9]{1,9}(?![0-9-])))[ \t\r\n'
                                                            '\x0c'
                                                            ']*+',
                                                 'groups': ['ID', 'INT']}}},
                'deal': {'pattern': '(?>(deal\\b))[ \t\r\n'
                                    '\x0c'
                                    ']*+(?>([A-Z][A-Za-z0-9_]*))[ \t\r\n'
                                    '\x0c'
                                    ']*+(?>(?>([0-9]+-[0-9]+(?![0-9-])(?:[ \t\r\n'
                                    '\x0c'
                                    ']+[0-9]+-[0-9]+(?![0-9-]))*))[ \t\r\n'
                                    '\x0c'
                                    ']*+|(?>(\\?))[ \t\r\n'
                                    '\x0c'
                                    ']*+)',
                         'groups': ['DEAL', 'SEAT', 'TILES', 'UNKNOWN'],
                         'alternatives': {},
                         'openers': ['DEAL'],
                         'parts': {}}},
 'HAND_ORDER': ['deal', 'boneyard', 'lead', 'turns', 'outcome', 'pips', 'score', 'totals'],
 'REPEATS': ['deal', 'turns'],
 'HEADER': 'header',
 'HAND_OPENER': 'hand_open',
 'SPLIT': {'spans': {'{': [True, '}'], ';': [True, None], '"': [False, None]},
           'tokens': '(?>(?:\\{[^}\n'
                     ']*(?:\n'
                     '(?:(?=[ \t\r'
                     ']*\n'
                     ')(?:[ \t\r'
                     ']*\n'
                     '|[ \t]*;[^}\n'
                     ']*\n'
                     ')*+(?!\\[)|(?![ \t\r'
                     ']*\n'
                     '))[^}\n'
                     ']*)*\\}|;[^\n'
                     ']*))|(?>"[^"\\\\\n'
                     ']*(?:\\\\.[^"\\\\\n'
                     ']*)*")',
           'record': '['},
 'FIRST': {'comments': '{;', 'header': '[', 'turns': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'}}
