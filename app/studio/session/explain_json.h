#pragma once
// --explain-json: the inspector's state as one JSON object, written atomically at quit.
#include <string>

#include "session/inspection.h"
#include "session/solver_session.h"

namespace apsp::studio {

/// @brief Writes @p snapshot's inspection to @p path (apsp::AtomicFile). Keys and their null / empty cases
/// are listed in app/studio/README.md ("Classroom: inspector, time travel, paths").
void write_explain_json(const std::string& path, const SessionSnapshot& snapshot);

}  // namespace apsp::studio
